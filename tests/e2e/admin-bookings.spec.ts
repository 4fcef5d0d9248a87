import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomInt } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { downloadedCsv } from '../helpers/csv';
import {
  adminClient,
  createMember,
  mailTo,
  supabaseUrl,
  waitForMail,
  type TestMember,
} from '../helpers/e2e-backend';
import { createEvent, type TestEvent } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';

// /admin/bookings and one booking (issue 21, decision 0074). Each test books its own departure through the
// engine (a member calls book_departure), so the figures are the engine's: $1,000 a place, two places, an
// $800 deposit each, on a departure of 4 places 200 days out. The e2e database is shared: searches use a tag.

interface Booked {
  tag: string;
  event: TestEvent;
  member: TestMember;
  id: string;
  invoice: string;
  reference: string;
}

async function bookTagged(tag = String(randomInt(1e9, 1e10))): Promise<Booked> {
  const service = adminClient();
  const event = await createEvent({ title: `Bookings Trip ${tag}`, startsIn: 200 });
  const priced = await service
    .from('events')
    .update({ price_cents: 100000, max_registrations: 4 })
    .eq('id', event.id);
  if (priced.error) throw new Error(priced.error.message);
  const member = await createMember({ fullName: `Bea Booker ${tag}` });
  const travellers = await service
    .from('travellers')
    .insert([
      { user_id: member.id, full_name: `Bea Booker ${tag}`, date_of_birth: '1980-04-02' },
      { user_id: member.id, full_name: `Ben Booker ${tag}`, date_of_birth: '1982-09-30' },
    ])
    .select('id');
  if (travellers.error) throw new Error(travellers.error.message);
  const booking = await memberBooks(
    member,
    event.id,
    travellers.data.map((row: { id: string }) => row.id),
  );
  return {
    tag,
    event,
    member,
    id: booking.id,
    invoice: booking.invoice_number,
    reference: booking.bank_reference,
  };
}

/** The member books their travellers through the engine (book_departure), as the booking flow does. */
async function memberBooks(member: TestMember, eventId: string, travellerIds: string[]) {
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY'] ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword({ email: member.email, password: member.password });
  if (signIn.error) throw new Error(signIn.error.message);
  const booking = await client
    .rpc('book_departure', {
      p_event_id: eventId,
      p_traveller_ids: travellerIds,
      p_terms_version: '2026-11',
    })
    .single<{ id: string; invoice_number: string; bank_reference: string }>();
  if (booking.error) throw new Error(booking.error.message);
  return booking.data;
}

/** A member with one saved traveller and a departure open for bookings, for a booking taken by phone. */
async function phoneCaller(tag = String(randomInt(1e9, 1e10))) {
  const service = adminClient();
  const event = await createEvent({ title: `Phone Trip ${tag}`, startsIn: 200 });
  const priced = await service
    .from('events')
    .update({ price_cents: 100000, max_registrations: 4 })
    .eq('id', event.id);
  if (priced.error) throw new Error(priced.error.message);
  const member = await createMember({ fullName: `Phil Phoner ${tag}` });
  const traveller = await service
    .from('travellers')
    .insert({ user_id: member.id, full_name: `Phil Phoner ${tag}`, date_of_birth: '1975-06-15' })
    .select('id')
    .single<{ id: string }>();
  if (traveller.error) throw new Error(traveller.error.message);
  return { tag, event, member };
}

/** Opens the New booking dialog and picks the member found by `search`. */
async function startPhoneBooking(page: Page, search: string, member: TestMember) {
  await page.getByRole('button', { name: 'New booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New booking' });
  await dialog.getByLabel('Find a member by name or e-mail').fill(search);
  await dialog.getByRole('button', { name: new RegExp(member.email.replace(/[.+]/g, '\\$&')) }).click();
  return dialog;
}

const fact = (page: Page, term: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

test('an admin finds a booking, records a transfer after its preview, resends the invoice and cancels it with a refund and a credit', async ({
  page,
}) => {
  test.slow(); // a whole journey with an e-mail, on a machine shared by several builds
  const booked = await bookTagged();
  await openAdminScreen(page, '/admin/bookings', 'Bookings');
  const table = page.getByRole('table', { name: 'Bookings' });
  await page.getByLabel('Search by member, e-mail, invoice or bank reference').fill(booked.reference);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('link', { name: booked.invoice })).toBeVisible();
  await expect(table.getByText('Pending, places held')).toBeVisible();

  await page.getByLabel('Status').selectOption('confirmed');
  await expect(page.getByText('No bookings match this search.')).toBeVisible();
  await page.getByLabel('Status').selectOption('held');
  await page.getByLabel('Departure').selectOption(booked.event.id);
  await expect(page).toHaveURL(new RegExp(`event=${booked.event.id}`));
  await expect(table.locator('tbody tr')).toHaveCount(1);

  await table.getByRole('link', { name: booked.invoice }).click();
  await expect(page.getByRole('heading', { name: `Booking ${booked.invoice}`, level: 2 })).toBeVisible();
  await expect(fact(page, 'Places left on this departure')).toHaveText('2');
  await expect(fact(page, 'Left to pay')).toHaveText('$2,000.00');

  // The preview first: $1,700 pays the $1,600 deposit and $100 of the $400 balance, and confirms.
  await page.getByLabel('Amount received ($)').fill('1,700');
  await page.getByLabel('Statement reference').fill(booked.reference);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'What this transfer pays' });
  await expect(preview.locator('tbody tr')).toHaveCount(2);
  await expect(preview.locator('tbody tr').nth(0)).toContainText('Paid in full');
  await expect(preview.locator('tbody tr').nth(1)).toContainText('$100.00');
  await expect(preview.locator('tbody tr').nth(1)).toContainText('Part paid');
  await expect(page.getByText('It covers the deposit: the booking will be confirmed.')).toBeVisible();
  await page.getByRole('button', { name: 'Record $1,700.00 transfer' }).click();
  await expect(page.getByText('Transfer recorded')).toBeVisible();
  await expect(fact(page, 'Status')).toHaveText('Confirmed');
  await expect(fact(page, 'Paid')).toHaveText('$1,700.00');
  await expect(fact(page, 'Left to pay')).toHaveText('$300.00');

  // More than is left is refused by the preview, in dollars.
  await page.getByLabel('Amount received ($)').fill('301');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('That is more than is left to pay ($300.00).')).toBeVisible();

  await page.getByRole('button', { name: 'Resend invoice' }).click();
  await expect(page.getByText('The invoice is on its way')).toBeVisible();
  const mail = await waitForMail(booked.member.email, new RegExp(`^Invoice ${booked.invoice}`));
  expect(mail.text).toContain(`Bank reference: ${booked.reference}`);
  expect(mail.text).toContain('Left to pay: $300.00');

  // $100 was paid beyond the $1,600 deposit: $60 refunded, $40 credited, the deposit kept.
  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${booked.invoice}` });
  await dialog.getByLabel('Refund to the member ($)').fill('80');
  await dialog.getByLabel('Credit for a later booking ($)').fill('40');
  await dialog.getByLabel('Reason').fill('The member broke a leg and cannot travel.');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog.getByText(/can be at most \$100\.00/)).toBeVisible();
  await dialog.getByLabel('Refund to the member ($)').fill('60');
  await expect(dialog.getByText('Kept $1,600.00 · refunded $60.00 · credited $40.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(fact(page, 'Status')).toHaveText('Cancelled');
  await expect(fact(page, 'Places left on this departure')).toHaveText('4');
  await expect(fact(page, 'Left to pay')).toHaveText('$0.00');
  await expect(
    page.getByText('$1,600.00 kept, $60.00 to refund, $40.00 credited to the member.'),
  ).toBeVisible();
  await expect(page.getByText('Created cancellation The member broke a leg')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking…' })).toHaveCount(0);

  const credits = await adminClient()
    .from('member_credits')
    .select('amount_cents')
    .eq('booking_id', booked.id);
  expect(credits.data).toEqual([{ amount_cents: 4000 }]);
});

test('an admin books a member who phoned: the quote, the booking in the list with the admin as acceptor, the confirmation', async ({
  page,
}) => {
  test.slow(); // a booking, two e-mails and a refusal
  const caller = await phoneCaller();
  const admin = await openAdminScreen(page, '/admin/bookings', 'Bookings');
  const dialog = await startPhoneBooking(page, `Phil Phoner ${caller.tag}`, caller.member);
  await expect(dialog.getByText(`Phil Phoner ${caller.tag} (${caller.member.email})`)).toBeVisible();
  await dialog.getByLabel('Departure to book').selectOption(caller.event.id);
  await dialog.getByRole('checkbox', { name: `Phil Phoner ${caller.tag}` }).check();
  await expect(dialog.getByText('Total for 1 traveller: $1,000.00')).toBeVisible();
  await expect(dialog.getByText('Due now: $800.00')).toBeVisible();

  // The last place is taken meanwhile: the database refuses in its words, and nothing is booked.
  const last = await adminClient().from('events').update({ max_registrations: 1 }).eq('id', caller.event.id);
  expect(last.error).toBeNull();
  const other = await createMember({ fullName: `Olga Other ${caller.tag}` });
  const theirs = await adminClient()
    .from('travellers')
    .insert({ user_id: other.id, full_name: `Olga Other ${caller.tag}`, date_of_birth: '1970-01-20' })
    .select('id')
    .single<{ id: string }>();
  await memberBooks(other, caller.event.id, [theirs.data!.id]);
  await dialog.getByRole('button', { name: 'Book for the member' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Sold out: every place on this departure has been taken.',
  );
  const none = await adminClient().from('bookings').select('id').eq('user_id', caller.member.id);
  expect(none.data).toEqual([]);

  // Room is made; the admin starts again and books.
  const more = await adminClient().from('events').update({ max_registrations: 4 }).eq('id', caller.event.id);
  expect(more.error).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bookings', level: 2 })).toBeVisible();
  const again = await startPhoneBooking(page, caller.member.email, caller.member);
  await again.getByLabel('Departure to book').selectOption(caller.event.id);
  await again.getByRole('checkbox', { name: `Phil Phoner ${caller.tag}` }).check();
  await expect(again.getByText('Total for 1 traveller: $1,000.00')).toBeVisible();
  await again.getByRole('button', { name: 'Book for the member' }).click();
  await expect(page.getByText('Booking made')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Booking /, level: 2 })).toBeVisible();
  const booking = await adminClient()
    .from('bookings')
    .select('id, invoice_number, terms_accepted_by, status')
    .eq('user_id', caller.member.id)
    .single<{ id: string; invoice_number: string; terms_accepted_by: string; status: string }>();
  expect(booking.error).toBeNull();
  expect(booking.data).toMatchObject({ terms_accepted_by: admin.id, status: 'pending' });
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.data!.id}$`));

  const confirmation = await waitForMail(caller.member.email, /^Booking received: /);
  expect(confirmation.text).toContain('accepted our booking terms on your behalf');
  // Resending the confirmation sends the same e-mail again.
  await page.getByRole('button', { name: 'Resend confirmation' }).click();
  await expect(page.getByText('The confirmation is on its way', { exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await mailTo(caller.member.email)).filter((mail) => /^Booking received: /.test(mail.subject)).length,
    )
    .toBe(2);

  // The list, searched by the member's e-mail (the other member's booking shares the tag).
  await page.goto(`/admin/bookings?q=${encodeURIComponent(caller.member.email)}`);
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('link', { name: booking.data!.invoice_number })).toBeVisible();
  await expect(table.getByText('Pending, places held')).toBeVisible();
});

test('a member with no saved traveller is sent to their customer page', async ({ page }) => {
  const member = await createMember({ fullName: `Nora Nobody ${randomInt(1e9, 1e10)}` });
  await openAdminScreen(page, '/admin/bookings', 'Bookings');
  const dialog = await startPhoneBooking(page, member.email, member);
  await expect(dialog.getByText(/has no saved traveller yet/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open their customer page' })).toHaveAttribute(
    'href',
    `/admin/customers/${member.id}`,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('exports every matching booking to CSV', async ({ page }) => {
  const first = await bookTagged();
  const second = await bookTagged(first.tag);
  await openAdminScreen(page, `/admin/bookings?q=${first.tag}&sort=invoice&dir=asc`, 'Bookings');
  await expect(page.getByRole('table', { name: 'Bookings' }).locator('tbody tr')).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('2 bookings exported.')).toBeVisible();
  const [header, ...rows] = await downloadedCsv(download);
  expect(header).toEqual([
    'Invoice number',
    'Member',
    'E-mail',
    'Event',
    'Departs',
    'Travellers',
    'Currency',
    'Total',
    'Paid',
    'Left to pay',
    'Status',
    'Bank reference',
    'Created',
    'Booking id',
  ]);
  expect(rows.map((row) => [row[0], row[1], row[5], row[7], row[9], row[10], row[11], row[13]])).toEqual(
    [first, second]
      .sort((a, b) => a.invoice.localeCompare(b.invoice))
      .map((booked) => [
        booked.invoice,
        `Bea Booker ${first.tag}`,
        '2',
        '2000.00',
        '2000.00',
        'Pending, places held',
        booked.reference,
        booked.id,
      ]),
  );
});

for (const theme of ['light', 'dark'] as const) {
  test(`the bookings screens pass axe (${theme})`, async ({ page, context }) => {
    test.slow(); // three scans of long screens
    await useStoredTheme(context, theme);
    const booked = await bookTagged();
    await openAdminScreen(page, `/admin/bookings?q=${booked.tag}`, 'Bookings');
    await expect(page.getByRole('table', { name: 'Bookings' }).locator('tbody tr')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    // The phone booking's dialog, with a member, their travellers and a quote.
    const phoning = await startPhoneBooking(page, booked.member.email, booked.member);
    await phoning.getByLabel('Departure to book').selectOption(booked.event.id);
    await phoning.getByRole('checkbox', { name: `Ben Booker ${booked.tag}` }).check();
    await expect(phoning.getByText('Total for 1 traveller: $1,000.00')).toBeVisible();
    expect(await axeViolations(page, phoning)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(phoning).toBeHidden();
    await page.getByRole('link', { name: booked.invoice }).click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await page.getByLabel('Amount received ($)').fill('800');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('table', { name: 'What this transfer pays' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel booking…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page, dialog)).toEqual([]);
  });
}
