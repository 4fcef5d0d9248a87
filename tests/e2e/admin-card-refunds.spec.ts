import { expect, test, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { randomInt } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, supabaseUrl } from '../helpers/e2e-backend';
import { createEvent, type TestEvent } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';

// Issue 22, decision 0090: an admin refunds part of a card payment from the booking's page. The member pays
// the $800 deposit of a $1,000 booking by card on the Stripe stand-in (decision 0084), through the
// stripe-checkout function, and the webhook records it; the admin's refund goes through the stripe-refund
// function to the stand-in and back into the ledger.
// Decision 0096: when the company cancels the departure, the booking is cancelled with everything going back,
// and the admin pays back its bank transfer from Refunds to pay back and sees it, and who did what, on the booking.

const anon = () =>
  createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY'] ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });

async function waitFor<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  for (let tries = 0; tries < 60; tries += 1) {
    const found = await read();
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not arrive`);
}

/** A member's one-traveller booking whose deposit they paid by card; answers it, its departure and member. */
async function paidDepositByCard(): Promise<{
  id: string;
  invoice: string;
  event: TestEvent;
  member: string;
}> {
  const tag = String(randomInt(1e9, 1e10));
  const service: SupabaseClient = adminClient();
  const event = await createEvent({ title: `Refund Trip ${tag}`, startsIn: 200 });
  const priced = await service
    .from('events')
    .update({ price_cents: 100000, max_registrations: 10 })
    .eq('id', event.id);
  if (priced.error) throw new Error(priced.error.message);
  const member = await createMember({ fullName: `Rhoda Refund ${tag}` });
  const traveller = await service
    .from('travellers')
    .insert({ user_id: member.id, full_name: `Rhoda Refund ${tag}`, date_of_birth: '1980-04-02' })
    .select('id')
    .single<{ id: string }>();
  if (traveller.error) throw new Error(traveller.error.message);
  const client = anon();
  const signIn = await client.auth.signInWithPassword({ email: member.email, password: member.password });
  if (signIn.error) throw new Error(signIn.error.message);
  const booking = await client
    .rpc('book_departure', {
      p_event_id: event.id,
      p_traveller_ids: [traveller.data.id],
      p_terms_version: '2026-11',
    })
    .single<{ id: string; invoice_number: string }>();
  if (booking.error) throw new Error(booking.error.message);
  const started = await fetch(`${supabaseUrl()}/functions/v1/stripe-checkout`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${signIn.data.session.access_token}`,
      apikey: process.env['E2E_SUPABASE_ANON_KEY'] ?? '',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ booking_id: booking.data.id, purpose: 'deposit', return_to: '/manage-booking' }),
  });
  const { url } = (await started.json()) as { url: string };
  // The stand-in's Checkout page's Pay button, as the member's browser would press it.
  await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  await waitFor('the card payment', async () => {
    const { data } = await service.from('payments').select('id').eq('booking_id', booking.data.id);
    return data && data.length > 0 ? data : null;
  });
  return {
    id: booking.data.id,
    invoice: booking.data.invoice_number,
    event,
    member: `Rhoda Refund ${tag}`,
  };
}

const fact = (page: Page, term: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

async function openRefund(page: Page) {
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('cell', { name: 'Card', exact: true })).toBeVisible();
  await payments.getByRole('button', { name: /^Refund the card payment of / }).click();
  const dialog = page.getByRole('dialog', { name: /^Refund the card payment of / });
  await expect(dialog).toBeVisible();
  return { payments, dialog };
}

test('an admin refunds part of a card payment and sees it in the booking', async ({ page }) => {
  test.slow(); // a card payment through the stand-in, then the refund through it
  const booking = await paidDepositByCard();
  await openAdminScreen(page, `/admin/bookings/${booking.id}`, `Booking ${booking.invoice}`);
  await expect(fact(page, 'Paid')).toHaveText('$800.00');
  await expect(page.getByText('A bank transfer is refunded from the bank account')).toBeVisible();

  const { payments, dialog } = await openRefund(page);
  await expect(dialog.getByLabel('Refund ($)')).toHaveValue('800.00');
  await expect(dialog.getByText('Left to refund: $800.00.')).toBeVisible();
  // More than the payment, and no reason: said in words, nothing sent.
  await dialog.getByLabel('Refund ($)').fill('900');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText('At most $800.00 is left to refund on this payment.')).toBeVisible();
  await expect(dialog.getByText('Say why the money is going back.')).toBeVisible();

  await dialog.getByLabel('Refund ($)').fill('150');
  await dialog.getByLabel('Reason').fill('Goodwill: the night at the asylum ended early');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText("$150.00 is on its way back to the member's card.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(payments.getByText(/^\$150\.00 refunded /)).toBeVisible();
  await expect(fact(page, 'Paid')).toHaveText('$650.00');
  await expect(fact(page, 'Status')).toHaveText('Confirmed');

  // The ledger has it once, though the webhook reported it too; what is left to refund is $650.
  const service = adminClient();
  const { data: refunds } = await service
    .from('payment_refunds')
    .select('amount_cents, stripe_refund_id, payments!inner(booking_id)')
    .eq('payments.booking_id', booking.id);
  expect(refunds?.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([15000]);
  await openRefund(page);
  await expect(page.getByRole('dialog').getByLabel('Refund ($)')).toHaveValue('650.00');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

/** The booking of paidDepositByCard with its balance ($200) paid by bank transfer too. */
async function paidByCardAndBank() {
  const booking = await paidDepositByCard();
  const paid = await adminClient()
    .from('payments')
    .insert({
      booking_id: booking.id,
      method: 'bank_transfer',
      amount_cents: 20000,
      reference: 'Balance from Rhoda',
      received_on: new Date().toISOString().slice(0, 10),
    });
  if (paid.error) throw new Error(paid.error.message);
  return booking;
}

async function cancelDeparture(page: Page, event: TestEvent) {
  await page.goto(`/admin/event-management?id=${event.id}`);
  await page.getByRole('button', { name: 'Cancel event' }).click();
  await page
    .getByRole('dialog', { name: `Cancel ${event.title}?` })
    .getByRole('button', { name: 'Cancel event' })
    .click();
  await expect(page.getByText('Event cancelled')).toBeVisible();
}

test('the company cancels the departure and an admin pays back the bank transfer', async ({ page }) => {
  test.slow(); // a card payment through the stand-in, then the cancellation's refund through it
  const booking = await paidByCardAndBank();
  await openAdminScreen(page, '/admin/bookings', 'Bookings');
  await cancelDeparture(page, booking.event);

  await page.goto('/admin/bookings');
  await page.getByRole('link', { name: 'Refunds to pay back' }).click();
  await expect(page.getByRole('heading', { name: 'Refunds to pay back', level: 2 })).toBeVisible();
  const section = page.getByRole('region', { name: `${booking.member}: $200.00` });
  await expect(section.getByRole('link', { name: booking.invoice })).toBeVisible();
  await expect(section.getByRole('cell', { name: 'Balance from Rhoda' })).toBeVisible();
  await section.getByRole('button', { name: /^Record refund of the transfer of / }).click();
  const dialog = page.getByRole('dialog', { name: /^Pay back the transfer of / });
  await expect(dialog.getByLabel('Paid back ($)')).toHaveValue('200.00');
  await dialog.getByRole('button', { name: 'Record refund' }).click();
  await expect(dialog.getByText('Give the reference of the transfer you made.')).toBeVisible();
  await dialog.getByLabel('Reference of your transfer').fill('HH-REFUND-RHODA');
  await dialog.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText('$200.00 paid back by bank transfer.')).toBeVisible();
  await expect(section).toBeHidden();

  await page.goto(`/admin/bookings/${booking.id}`);
  await expect(page.getByRole('heading', { name: `Booking ${booking.invoice}`, level: 2 })).toBeVisible();
  await expect(fact(page, 'Status')).toHaveText('Cancelled');
  await expect(page.getByText(/^Cancelled by the company /)).toBeVisible();
  await expect(page.getByText('Every bank transfer of this booking has been paid back.')).toBeVisible();
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(
    payments.getByText(/^\$200\.00 paid back .*, reference HH-REFUND-RHODA, recorded by Test Admin$/),
  ).toBeVisible();
  // The card payment went back through Stripe, asked for by the admin who cancelled the departure.
  await expect(payments.getByText(/^\$800\.00 .*, asked by Test Admin$/)).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the refunds to pay back and their dialog pass axe (${theme})`, async ({ page, context }) => {
    test.slow();
    await useStoredTheme(context, theme);
    const booking = await paidByCardAndBank();
    await openAdminScreen(page, '/admin/bookings', 'Bookings');
    await cancelDeparture(page, booking.event);
    await page.goto('/admin/bookings/refunds');
    const section = page.getByRole('region', { name: `${booking.member}: $200.00` });
    await expect(section).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('button', { name: /^Record refund of the transfer of / }).click();
    const dialog = page.getByRole('dialog', { name: /^Pay back the transfer of / });
    await dialog.getByRole('button', { name: 'Record refund' }).click();
    await expect(dialog.getByText('Give the reference of the transfer you made.')).toBeVisible();
    expect(await axeViolations(page, dialog)).toEqual([]);
  });

  test(`the card refund dialog passes axe (${theme})`, async ({ page, context }) => {
    test.slow();
    await useStoredTheme(context, theme);
    const booking = await paidDepositByCard();
    await openAdminScreen(page, `/admin/bookings/${booking.id}`, `Booking ${booking.invoice}`);
    expect(await axeViolations(page)).toEqual([]);
    const { dialog } = await openRefund(page);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByText('Say why the money is going back.')).toBeVisible();
    expect(await axeViolations(page, dialog)).toEqual([]);
  });
}
