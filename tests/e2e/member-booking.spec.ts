import { expect, test } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { adminClient, createMember, signInPage, supabaseUrl, type TestMember } from '../helpers/e2e-backend';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { colourOfClass } from '../helpers/theme';
import { formatOrdinalDate } from '../../src/lib/format/date-words';
import { sydneyToday } from '../../src/lib/format/today';

// A booking's details and its payment plan, for its owner; anyone else's booking (or an unknown one) is
// 'not found', because row-level security returns nothing.

async function memberWithBooking() {
  const member = await createMember({ fullName: 'Mina Murray' });
  const event = await arrangeEvent({ title: 'Whitby Abbey Night', start: '2030-03-10', end: '2030-03-14' });
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 300000,
    travellers: 2,
    notes: 'Ground floor room please',
    installments: [
      { due_date: '2024-01-15', amount_cents: 100000, paid_at: '2024-01-10T12:00:00Z' },
      { due_date: '2025-01-15', amount_cents: 100000 },
      { due_date: '2029-12-01', amount_cents: 100000 },
    ],
  });
  return { member, event, booking };
}

test('the owner sees the booking details', async ({ page }) => {
  const { member, booking } = await memberWithBooking();
  await signInPage(page, member);
  await page.goto(`/manage-booking?booking=${booking.id}`);
  const details = page.getByRole('region', { name: 'Booking details' });
  await expect(details).toContainText('EventWhitby Abbey Night');
  await expect(details).toContainText('Dates10th March, 2030 to 14th March, 2030');
  await expect(details).toContainText(`Invoice number${booking.invoiceNumber}`);
  await expect(details).toContainText('StatusConfirmed');
  await expect(details).toContainText('Travellers2');
  await expect(details).toContainText('NotesGround floor room please');
  await expect(page.getByRole('link', { name: 'View payment plan' })).toHaveAttribute(
    'href',
    `/manage-payment-plan?booking=${booking.id}`,
  );
});

test('the payment plan shows the schedule, what is next, what remains and how to pay', async ({ page }) => {
  const { member, booking } = await memberWithBooking();
  await signInPage(page, member);
  await page.goto(`/manage-payment-plan?booking=${booking.id}`);
  const summary = page.getByRole('region', { name: 'Whitby Abbey Night' });
  await expect(summary).toContainText('Total$3,000.00');
  await expect(summary).toContainText('Paid$1,000.00');
  await expect(summary).toContainText('Remaining$2,000.00');
  await expect(summary.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await expect(page.getByTestId('next-payment')).toHaveText(
    'Next payment: $1,000.00 due 15th January, 2025 (overdue), then 1 more instalment.',
  );
  const rows = page.getByRole('region', { name: 'Instalment schedule' }).getByRole('row');
  await expect(rows).toHaveText([
    'Due dateAmountStatus',
    '15th January, 2024$1,000.00Paid on 10th January, 2024',
    '15th January, 2025$1,000.00Overdue',
    '1st December, 2029$1,000.00Due',
  ]);
  // Overdue in words above the figures, and in colour in the schedule.
  await expect(summary).toContainText(
    '$1,000.00 overdue since 15th January, 2025. Please pay as soon as you can, or contact us.',
  );
  await expect(summary.getByText(/overdue since/)).toHaveCSS(
    'color',
    await colourOfClass(page, 'text-destructive'),
  );
  await expect(rows.nth(2).getByRole('cell').last()).toHaveCSS(
    'color',
    await colourOfClass(page, 'text-destructive'),
  );
  const pay = page.getByRole('region', { name: 'How to pay by bank transfer' });
  await expect(pay).toContainText('Account nameHaunted Horizons Pty Ltd');
  await expect(pay).toContainText('BSB062-000');
  await expect(pay).toContainText('Account number12345678');
  // The company's account comes from the database (the seed's), with the bank's name it was entered with.
  await expect(pay).toContainText('BankCommonwealth Bank');
  // A booking made before bank references has none to quote: never the invoice number instead.
  await expect(pay).not.toContainText('Reference');
  await expect(pay).not.toContainText(booking.invoiceNumber);
  await expect(pay).toContainText('Please put your name on the transfer, then tell us you have paid');
  await expect(pay.getByRole('link', { name: 'tell us you have paid' })).toHaveAttribute('href', '/contact');
});

test("someone else's booking and an unknown one are not found", async ({ page }) => {
  const { booking } = await memberWithBooking();
  const stranger = await createMember({ fullName: 'Lucy Westenra' });
  await signInPage(page, stranger);
  for (const path of [
    `/manage-booking?booking=${booking.id}`,
    `/manage-payment-plan?booking=${booking.id}`,
    '/manage-booking?booking=00000000-0000-4000-8000-000000000000',
    '/manage-payment-plan?booking=not-a-uuid',
    '/manage-booking',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Booking not found' }), path).toBeVisible();
    await expect(page.getByText('Whitby Abbey Night')).toHaveCount(0);
  }
});

/** A supabase-js client signed in as the member (the API as the browser calls it). */
async function clientOf(member: TestMember): Promise<SupabaseClient> {
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword({ email: member.email, password: member.password });
  if (error) throw new Error(error.message);
  return client;
}

/** An admin records a bank transfer received today (public.record_payment). */
async function recordPayment(bookingId: string, cents: number, reference: string) {
  const admin = await clientOf(await createMember({ admin: true, fullName: 'Abe Admin' }));
  const { error } = await admin.rpc('record_payment', {
    p_booking_id: bookingId,
    p_amount_cents: cents,
    p_received_on: sydneyToday(),
    p_reference: reference,
  });
  if (error) throw new Error(`record_payment: ${error.message}`);
}

const addDays = (isoDate: string, days: number) => {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

test('a booking made online shows its hold, bank reference and invoice link, then the payment received', async ({
  page,
}) => {
  const member = await createMember({ fullName: 'Quincey Morris' });
  const event = await arrangeEvent({ title: 'Highgate Vigil', start: '2030-05-10', end: '2030-05-12' });
  const { data: traveller } = await adminClient()
    .from('travellers')
    .insert({ user_id: member.id, full_name: 'Quincey Morris', date_of_birth: '1980-02-02' })
    .select('id')
    .single();
  const { data: booking, error } = await (
    await clientOf(member)
  ).rpc('book_departure', {
    p_event_id: event.id,
    p_traveller_ids: [traveller!.id],
    p_terms_version: '2026-11',
  });
  if (error) throw new Error(error.message);
  const { id, bank_reference: reference } = booking as { id: string; bank_reference: string };

  await signInPage(page, member);
  await page.goto(`/manage-booking?booking=${id}`);
  const details = page.getByRole('region', { name: 'Booking details' });
  await expect(details).toContainText('StatusPending');
  await expect(details).toContainText(`Bank reference${reference}`);
  await expect(page.getByTestId('booking-status-note')).toContainText('Your places are held until');
  await expect(page.getByTestId('booking-status-note')).toContainText('Pay the deposit of $800.00 by then');
  await expect(details.getByRole('link', { name: 'View invoice' })).toHaveAttribute(
    'href',
    `/invoice?booking=${id}`,
  );
  await expect(page.getByRole('region', { name: 'Payments received' })).toContainText(
    'We have not received a payment for this booking yet.',
  );
  await expect(
    page.getByRole('region', { name: 'Who is travelling' }).getByTestId('traveller-cut-off'),
  ).toHaveText(
    `You can change who travels and their details until ${formatOrdinalDate('2030-04-09')}. Edit traveller details`,
  );

  await recordPayment(id, 80000, 'Deposit QM');
  await page.reload();
  await expect(details).toContainText('StatusConfirmed');
  await expect(page.getByTestId('booking-status-note')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payments received' }).getByRole('row')).toHaveText([
    'DateAmountReference',
    `${formatOrdinalDate(sydneyToday())}$800.00Deposit QM`,
  ]);
  await expect(page.getByRole('region', { name: 'What is paid and what is left' })).toContainText(
    'Total$1,200.00Paid$800.00Remaining$400.00',
  );

  await page.goto(`/manage-payment-plan?booking=${id}`);
  await expect(page.getByRole('region', { name: 'Instalment schedule' }).getByRole('row')).toHaveText([
    'Due dateAmountStatus',
    `${formatOrdinalDate(sydneyToday())}$800.00Paid on ${formatOrdinalDate(sydneyToday())}`,
    `${formatOrdinalDate('2030-02-09')}$400.00Due`,
  ]);
  await expect(page.getByRole('region', { name: 'How to pay by bank transfer' })).toContainText(
    `Reference${reference}`,
  );
});

test('asking to cancel: the dialog says what the terms mean before anything is sent', async ({ page }) => {
  const member = await createMember({ fullName: 'Arthur Holmwood' });
  const event = await arrangeEvent({ title: 'Hillingham Manor', start: '2030-06-01', end: '2030-06-03' });
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 240000,
    depositCents: 80000,
    installments: [
      { due_date: '2029-01-01', amount_cents: 80000, paid_at: '2029-01-01T00:00:00Z' },
      { due_date: '2030-03-01', amount_cents: 160000, paid_at: null },
    ],
  });
  await adminClient().from('payments').insert({
    booking_id: booking.id,
    amount_cents: 20000,
    received_on: '2029-02-01',
  });
  const requested = async () =>
    (
      await adminClient()
        .from('bookings')
        .select('cancellation_requested_at, cancellation_reason')
        .eq('id', booking.id)
        .single()
    ).data;

  await signInPage(page, member);
  await page.goto(`/manage-booking?booking=${booking.id}`);
  // The travellers arrive after the booking and push the buttons down: click once the page has settled.
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading travellers…' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Request cancellation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request cancellation' });
  await expect(dialog.getByTestId('cancellation-terms').getByRole('listitem')).toHaveText([
    'Your deposit of $800.00 is not refundable: we keep it.',
    'Of the $200.00 you paid after the deposit, we refund it or give you a credit toward another trip, as we decide under our terms.',
    'Your places stay booked until we cancel the booking; then they are freed for other travellers.',
    'Sending this request does not cancel the booking by itself. We will contact you to confirm.',
  ]);
  expect(await requested(), 'nothing is sent by opening the dialog').toEqual({
    cancellation_requested_at: null,
    cancellation_reason: null,
  });
  await dialog.getByLabel('Reason (optional)').fill('A family wedding the same week');
  await dialog.getByRole('button', { name: 'Send cancellation request' }).click();
  await expect(page.getByText('Cancellation requested', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Booking details' })).toContainText('Cancellation requested');
  await expect(page.getByTestId('booking-status-note')).toContainText(
    'You asked us to cancel this booking on',
  );
  await expect(page.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0);
  expect(await requested()).toMatchObject({ cancellation_reason: 'A family wedding the same week' });
});

test('an extra payment the member tells us about is pending until it is recorded', async ({ page }) => {
  const { member, booking } = await memberWithBooking();
  await signInPage(page, member);
  await page.goto(`/extra-payment?booking=${booking.id}`);
  const form = page.getByRole('region', { name: 'Tell us about a payment for Whitby Abbey Night' });
  await expect(form).toContainText('Left to pay: $2,000.00');
  await form.getByLabel('Amount paid').fill('2500');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('That is more than is left to pay ($2,000.00).')).toBeVisible();
  await form.getByLabel('Amount paid').fill('500');
  await form.getByLabel('Note (optional)').fill('From my savings account');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Thank you. Your payment shows as Pending until we confirm it.',
  );
  const today = formatOrdinalDate(sydneyToday());
  await expect(page.getByTestId('pending-payment')).toHaveText(`Pending: $500.00 paid on ${today}`);
  // A notice sent by mistake is withdrawn; the company is told to stop looking for it.
  await form.getByLabel('Amount paid').fill('120');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('pending-payment')).toHaveCount(2);
  await page.getByRole('button', { name: `Withdraw $120.00 paid on ${today}` }).click();
  await expect(page.getByText('We will stop looking for $120.00.')).toBeVisible();
  await expect(page.getByTestId('pending-payment')).toHaveCount(1);
  await expect(page.getByTestId('pending-payment')).toHaveText(`Pending: $500.00 paid on ${today}`);

  await page.goto(`/manage-payment-plan?booking=${booking.id}`);
  await expect(page.getByTestId('pending-payment')).toHaveText(
    `Pending: $500.00 you paid on ${today}. We confirm it when it reaches our account.`,
  );
  await expect(page.getByRole('region', { name: 'Whitby Abbey Night' })).toContainText('Paid$1,000.00');

  await recordPayment(booking.id, 50000, 'Extra MM');
  await page.goto(`/manage-booking?booking=${booking.id}`);
  const received = page.getByRole('region', { name: 'Payments received' });
  await expect(received.getByRole('row').last()).toHaveText(`${today}$500.00Extra MM`);
  await expect(page.getByTestId('pending-payment')).toHaveCount(0);
});

test('after the cut-off the member sees who travels but changes nothing', async ({ page }) => {
  const member = await createMember({ fullName: 'Jack Seward' });
  const start = addDays(sydneyToday(), 10);
  const event = await arrangeEvent({ title: 'Purfleet Asylum', start, end: addDays(start, 1) });
  const booking = await arrangeBooking({ userId: member.id, eventId: event.id, totalCents: 120000 });
  const { data: travellers } = await adminClient()
    .from('travellers')
    .insert([
      { user_id: member.id, full_name: 'Jack Seward' },
      { user_id: member.id, full_name: 'Renfield Smith' },
    ])
    .select('id, full_name');
  await adminClient()
    .from('booking_travellers')
    .insert({
      booking_id: booking.id,
      traveller_id: travellers!.find((t) => t.full_name === 'Jack Seward')!.id,
    });

  await signInPage(page, member);
  await page.goto(`/manage-booking?booking=${booking.id}`);
  const section = page.getByRole('region', { name: 'Who is travelling' });
  await expect(section.getByRole('listitem')).toHaveText(['Jack Seward']);
  await expect(section.getByTestId('traveller-cut-off')).toHaveText(
    `Changes to who travels and their details closed on ${formatOrdinalDate(addDays(start, -30))}. Contact us and we will make a change for you.`,
  );
  await expect(section.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expect(section.getByLabel('Add a traveller to this booking')).toHaveCount(0);
  // The database says the same to the API.
  const { error } = await (
    await clientOf(member)
  )
    .from('booking_travellers')
    .delete()
    .eq('booking_id', booking.id)
    .select();
  expect(error?.code).toBe('22023');
});
