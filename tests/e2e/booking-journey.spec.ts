import { expect, test, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { adminClient, createMember, signInPage, waitForMail, type TestMember } from '../helpers/e2e-backend';
import { waitForIslandOf } from '../helpers/islands';
import { arrangeEvent, type ArrangedEvent } from '../helpers/member-bookings';
import { sydneyToday } from '../../src/lib/format/today';

// Issue 21's browser scenario across every part that was built apart (decisions 0072–0077), as one member,
// a second member and an admin live it: the member books an adult and a child through /book and gets the
// confirmation e-mail; the admin records the deposit on /admin/bookings; the member's pages and tier move;
// the full departure is Sold out to another member; the member asks to cancel, the admin cancels and the
// places come back; the invoice prints and has a new version. Every step a person does goes through the
// screens; the service role only arranges the departure and reads rows to check them.

test.describe.configure({ mode: 'serial' });

const tag = String(randomInt(1e9, 1e10));
/** The first member's booking, as the screens told each step. */
interface Journey {
  event: ArrangedEvent;
  member: TestMember;
  other: TestMember;
  admin: TestMember;
  bookingId: string;
  reference: string;
  invoiceNumber: string;
  total: string;
  deposit: string;
  versionsBefore: number;
}
const journey = {} as Journey;

/** The first group of `pattern` in `text`; the test fails (with the text) when it is not there. */
function found(pattern: RegExp, text: string | null | undefined): string {
  const match = pattern.exec(text ?? '')?.[1];
  expect(match, `${pattern} in: ${text}`).toBeDefined();
  return match!;
}

/** The page's own alerts (the toaster keeps an empty one of its own outside main). */
const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');

/** A fact on the admin's booking screen (its <dt> and <dd>). */
const fact = (page: Page, term: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

/** The step's heading, and nothing still loading. */
async function atStep(page: Page, heading: string) {
  const title = page.getByRole('heading', { name: heading, level: 2 });
  await expect(title).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: /Loading|Working out/ })).toHaveCount(0);
  return title;
}

/** '$1,600.00' as cents. */
const cents = (dollars: string) => Math.round(Number(dollars.replace(/[$,]/g, '')) * 100);
const dollars = (amount: number) =>
  `$${(amount / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The day ten years before today in Sydney: a child of 10 on the booking. */
function tenYearsAgo(): string {
  const [year, month, day] = sydneyToday().split('-');
  return `${Number(year) - 10}-${month}-${day === '29' && month === '02' ? '28' : day}`;
}

async function placesLeft(eventId: string): Promise<number | null> {
  const { data, error } = await adminClient()
    .rpc('departure_availability', { event_ids: [eventId] })
    .single<{ places_left: number | null; state: string }>();
  if (error) throw new Error(error.message);
  return data.places_left;
}

test.beforeAll(async () => {
  // A departure of exactly two places: the member's booking of two fills it.
  const event = await arrangeEvent({ title: `Journey Abbey ${tag}`, start: '2030-03-10', end: '2030-03-14' });
  const { error } = await adminClient().from('events').update({ max_registrations: 2 }).eq('id', event.id);
  if (error) throw new Error(error.message);
  journey.event = event;
  journey.member = await createMember({ fullName: `Mina Journey ${tag}` });
  const saved = await adminClient()
    .from('travellers')
    .insert({ user_id: journey.member.id, full_name: `Mina Journey ${tag}`, date_of_birth: '1988-05-01' });
  if (saved.error) throw new Error(saved.error.message);
  journey.other = await createMember({ fullName: `Jonathan Later ${tag}` });
  journey.admin = await createMember({ admin: true, fullName: `Abe Journey ${tag}` });
});

test('1. the member books an adult and a child, sees the bank details, and the e-mail has the reference', async ({
  page,
}) => {
  test.slow();
  const { event, member } = journey;
  await signInPage(page, member);
  await page.goto(`/event-details/${event.id}`);
  const book = page.getByRole('link', { name: 'Book Event', exact: true });
  await waitForIslandOf(book);
  await book.click();
  await page.waitForURL(`**/book?event=${event.id}`);
  await atStep(page, 'Step 1 of 4: Travellers');
  await expect(page.getByRole('region', { name: event.title })).toContainText('2 places left');

  await page.getByRole('button', { name: 'Add a new traveller' }).click();
  const form = page.getByRole('form', { name: 'Add traveller' });
  await form.getByLabel('Full name').fill(`Lucy Journey ${tag}`);
  await form.getByLabel('Date of birth').fill(tenYearsAgo());
  await form.getByRole('button', { name: 'Add traveller' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(`Lucy Journey ${tag}`) })).toBeChecked();
  await page.getByRole('checkbox', { name: new RegExp(`Mina Journey ${tag}`) }).check();
  await page.getByRole('button', { name: 'Continue to price' }).click();

  await atStep(page, 'Step 2 of 4: Price');
  const price = page.getByTestId('book-price');
  await expect(price).toContainText('Travellers2');
  const priced = (await price.textContent()) ?? '';
  journey.total = found(/Total(\$[\d,]+\.\d\d)/, priced);
  journey.deposit = found(/Deposit due now(\$[\d,]+\.\d\d)/, priced);
  expect(cents(journey.deposit)).toBeGreaterThan(0);
  expect(cents(journey.deposit)).toBeLessThan(cents(journey.total));

  await page.getByRole('button', { name: 'Continue to terms' }).click();
  await atStep(page, 'Step 3 of 4: Terms');
  await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await atStep(page, 'Step 4 of 4: Confirm and pay');
  await page.getByRole('button', { name: 'Book and pay by bank transfer' }).click();

  await expect(page.getByRole('heading', { name: 'Your places are held', level: 2 })).toBeFocused();
  const pay = page.getByRole('region', { name: 'How to pay by bank transfer' });
  await expect(pay).toContainText('BSB062-000');
  await expect(pay).toContainText('Account number12345678');
  await expect(pay).toContainText(`Amount${journey.deposit}`);
  const reference = found(/Reference(HH[A-HJ-NP-Z2-9]{8})/, await pay.textContent());
  journey.reference = reference;
  const manage = await page.getByRole('link', { name: 'Manage booking' }).getAttribute('href');
  journey.bookingId = found(/booking=([0-9a-f-]{36})$/, manage);

  // The confirmation e-mail, with the same reference and the invoice the later steps open.
  const mail = await waitForMail(member.email, new RegExp(`^Booking received: Journey Abbey ${tag}`), 30_000);
  expect(mail.text).toContain(`Booking reference: ${reference}`);
  expect(mail.text).toContain(`Due now: ${journey.deposit}`);
  expect(mail.text).toContain(`Lucy Journey ${tag}`);
  journey.invoiceNumber = found(/Invoice: (\S+)/, mail.text);
  expect(mail.subject).toContain(`(${journey.invoiceNumber})`);

  const { data: row } = await adminClient()
    .from('bookings')
    .select('status, travellers, bank_reference, invoice_number')
    .eq('id', journey.bookingId)
    .single();
  expect(row).toEqual({
    status: 'pending',
    travellers: 2,
    bank_reference: reference,
    invoice_number: journey.invoiceNumber,
  });
});

test('2. the admin finds the booking and records the deposit after its preview', async ({ page }) => {
  test.slow();
  const { admin, reference, invoiceNumber, deposit, total } = journey;
  await openAdminScreen(page, '/admin/bookings', 'Bookings', admin);
  const table = page.getByRole('table', { name: 'Bookings' });
  await page.getByLabel('Search by member, e-mail, invoice or bank reference').fill(reference);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByText('Pending, places held')).toBeVisible();
  await table.getByRole('link', { name: invoiceNumber }).click();
  await expect(page.getByRole('heading', { name: `Booking ${invoiceNumber}`, level: 2 })).toBeVisible();
  await expect(fact(page, 'Deposit (non-refundable)')).toHaveText(deposit);
  await expect(fact(page, 'Left to pay')).toHaveText(total);
  await expect(fact(page, 'Places left on this departure')).toHaveText('0');

  await page.getByLabel('Amount received ($)').fill(deposit.replace('$', ''));
  await page.getByLabel('Statement reference').fill(reference);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'What this transfer pays' });
  await expect(preview.locator('tbody tr').first()).toContainText('Paid in full');
  await expect(page.getByText('It covers the deposit: the booking will be confirmed.')).toBeVisible();
  await page.getByRole('button', { name: `Record ${deposit} transfer` }).click();
  await expect(page.getByText('Transfer recorded')).toBeVisible();
  await expect(fact(page, 'Status')).toHaveText('Confirmed');
  await expect(fact(page, 'Paid')).toHaveText(deposit);
  await expect(fact(page, 'Left to pay')).toHaveText(dollars(cents(total) - cents(deposit)));
});

test('3. the member’s dashboard and payment plan show the deposit paid, and the member is Next Room', async ({
  page,
}) => {
  test.slow();
  const { event, member, bookingId, deposit, total } = journey;
  const left = dollars(cents(total) - cents(deposit));
  await signInPage(page, member);
  await page.goto('/dashboard');
  await expect(page.getByText('Membership: Next Room Member')).toBeVisible({ timeout: 15_000 });
  const card = page.getByRole('article', { name: event.title });
  await expect(card).toContainText('Confirmed');
  await expect(card).toContainText(`Total${total}`);
  await expect(card).toContainText(`Paid${deposit}`);
  await expect(card).toContainText(`Remaining${left}`);
  // The signed-in menu names the tier too.
  await expect(page.locator('[data-session-tier]').first()).toHaveText('Next Room Member');

  await page.goto(`/manage-payment-plan?booking=${bookingId}`);
  const summary = page.getByRole('region', { name: event.title });
  await expect(summary).toContainText(`Paid${deposit}`, { timeout: 15_000 });
  await expect(summary).toContainText(`Remaining${left}`);
  const rows = page.getByRole('region', { name: 'Instalment schedule' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(`${deposit}Paid on`);
  await expect(rows.nth(2)).toContainText(`${left}Due`);

  // The invoice's versions so far, to see the cancellation add one (step 6).
  await page.goto(`/invoice?booking=${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Tax invoice', level: 2 })).toBeVisible({ timeout: 15_000 });
  const versions = page.getByTestId('invoice-version-list').getByRole('listitem');
  await expect(versions.first()).toContainText('(current)');
  journey.versionsBefore = await versions.count();
  expect(journey.versionsBefore).toBeGreaterThanOrEqual(1);
});

test('4. a second member meets Sold out on the full departure', async ({ page }) => {
  const { event, other } = journey;
  expect(await placesLeft(event.id)).toBe(0);
  await signInPage(page, other);
  await page.goto(`/event-details/${event.id}`);
  await expect(page.getByRole('main').getByText('Sold out', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('link', { name: 'Book Event', exact: true })).toHaveCount(0);
  await page.goto(`/book?event=${event.id}`);
  await expect(alertIn(page)).toHaveText('Sold out: this departure cannot be booked online now.', {
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: /^Step/ })).toHaveCount(0);
});

test('5. the member asks to cancel, the admin cancels with no refund, and the places are freed', async ({
  page,
  browser,
}) => {
  test.slow();
  const { event, member, admin, other, bookingId, invoiceNumber, deposit } = journey;
  await signInPage(page, member);
  await page.goto(`/manage-booking?booking=${bookingId}`);
  const ask = page.getByRole('button', { name: 'Request cancellation' });
  await waitForIslandOf(ask);
  await ask.click();
  const dialog = page.getByRole('dialog', { name: 'Request cancellation' });
  // The consequences first: the deposit is kept, nothing was paid beyond it, nothing is sent yet.
  await expect(dialog.getByTestId('cancellation-terms').getByRole('listitem').first()).toHaveText(
    `Your deposit of ${deposit} is not refundable: we keep it.`,
  );
  const requested = async () =>
    (
      await adminClient()
        .from('bookings')
        .select('cancellation_requested_at, status')
        .eq('id', bookingId)
        .single()
    ).data;
  expect(await requested()).toEqual({ cancellation_requested_at: null, status: 'confirmed' });
  await dialog.getByLabel('Reason (optional)').fill('Our plans changed');
  await dialog.getByRole('button', { name: 'Send cancellation request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Booking details' })).toContainText('Cancellation requested');
  // A request only: the booking and its places stay until the company cancels.
  expect(await requested()).toMatchObject({ status: 'confirmed' });
  expect(await placesLeft(event.id)).toBe(0);

  // The admin, in a browser of their own, cancels it: nothing was paid beyond the deposit, so $0 back.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await openAdminScreen(adminPage, `/admin/bookings/${bookingId}`, `Booking ${invoiceNumber}`, admin);
  await expect(fact(adminPage, 'Status')).toHaveText('Confirmed');
  // The member's request is on the booking the admin decides on (it was only in the company's inbox).
  await expect(fact(adminPage, 'Member asked to cancel')).toContainText(': Our plans changed');
  await adminPage.getByRole('button', { name: 'Cancel booking…' }).click();
  const cancel = adminPage.getByRole('dialog', { name: `Cancel booking ${invoiceNumber}` });
  await expect(
    cancel.getByText('Nothing was paid beyond the deposit, so there is nothing to refund or credit.'),
  ).toBeVisible();
  await cancel.getByLabel('Refund to the member ($)').fill('0');
  await cancel.getByLabel('Reason').fill('The member asked to cancel: plans changed.');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(adminPage.getByText('Booking cancelled')).toBeVisible();
  await expect(cancel).toBeHidden();
  await expect(fact(adminPage, 'Status')).toHaveText('Cancelled');
  await expect(fact(adminPage, 'Places left on this departure')).toHaveText('2');
  await expect(
    adminPage.getByText(`${deposit} kept, $0.00 to refund, $0.00 credited to the member.`),
  ).toBeVisible();
  await adminContext.close();

  // The places are back: the database says so, and the second member may book them.
  expect(await placesLeft(event.id)).toBe(2);
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signInPage(otherPage, other);
  await otherPage.goto(`/book?event=${event.id}`);
  await atStep(otherPage, 'Step 1 of 4: Travellers');
  await expect(otherPage.getByRole('region', { name: event.title })).toContainText('2 places left');
  await otherContext.close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Booking details' })).toContainText('StatusCancelled', {
    timeout: 15_000,
  });
});

test('6. the member’s invoice prints without the site around it, in a new version after the cancellation', async ({
  page,
}) => {
  test.slow();
  const { member, bookingId, invoiceNumber, versionsBefore } = journey;
  await signInPage(page, member);
  await page.goto(`/invoice?booking=${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Tax invoice', level: 2 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('invoice-number')).toHaveText(invoiceNumber);
  const versions = page.getByTestId('invoice-version-list').getByRole('listitem');
  await expect(versions).toHaveCount(versionsBefore + 1);
  await expect(versions.first()).toContainText(`Version ${versionsBefore + 1}`);
  await expect(versions.first()).toContainText('(current)');
  const print = page.getByRole('button', { name: 'Print' });
  await waitForIslandOf(print);
  await expect(page.getByRole('banner')).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('article', { name: 'Tax invoice' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tax invoice', level: 2 })).toBeVisible();
  await expect(page.getByTestId('invoice-number')).toHaveText(invoiceNumber);
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(print).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Versions of this invoice' })).toBeHidden();
});
