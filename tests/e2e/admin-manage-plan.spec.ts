import { expect, test } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { adminClient, createMember } from '../helpers/e2e-backend';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { axeViolations } from '../helpers/axe';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// /admin/manage-plan (decision 0075): bookings whose schedule needs attention, and one booking's schedule
// with its edits: move, split, merge and waive, each kept to the total by the database or refused.

async function overdueBooking() {
  const member = await createMember({ fullName: 'Jonathan Harker' });
  const event = await arrangeEvent({ title: 'Carfax Abbey Weekend', start: '2030-03-10', end: '2030-03-12' });
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 300000,
    installments: [
      { due_date: '2026-01-15', amount_cents: 100000, paid_at: '2026-01-10T02:00:00Z' },
      { due_date: '2026-02-15', amount_cents: 100000 },
      { due_date: '2029-12-01', amount_cents: 100000 },
    ],
  });
  return { member, booking };
}

test('lists a booking with an overdue instalment, filtered and searched on the server', async ({ page }) => {
  const { booking } = await overdueBooking();
  await openAdminScreen(page, '/admin/manage-plan', 'Payment schedules');
  await page.getByLabel('Show').selectOption('overdue');
  await page.getByRole('searchbox', { name: /Search by invoice/ }).fill(booking.invoiceNumber);
  const row = page.getByRole('row').filter({ hasText: booking.invoiceNumber });
  await expect(row).toContainText('Jonathan Harker');
  await expect(row).toContainText('$1,000.00 overdue since 15 Feb 2026');
  await expect(page).toHaveURL(/filter=overdue/);
  expect(await axeViolations(page)).toEqual([]);
  await row.getByRole('link', { name: `Schedule of ${booking.invoiceNumber}` }).click();
  await expect(
    page.getByRole('heading', { name: `Schedule of ${booking.invoiceNumber}`, level: 2 }),
  ).toBeVisible();
});

test('lists a failed AutoPay charge: which instalment, when, why, and not paid since (decision 0096)', async ({
  page,
}) => {
  const member = await createMember({ fullName: 'Renfield AutoPay' });
  const event = await arrangeEvent({ title: 'Whitby Abbey Night', start: '2030-04-10', end: '2030-04-12' });
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 200000,
    installments: [
      { due_date: '2026-01-15', amount_cents: 100000, paid_at: '2026-01-10T02:00:00Z' },
      { due_date: '2029-12-01', amount_cents: 100000 },
    ],
  });
  const service = adminClient();
  const { data: due } = await service
    .from('booking_installments')
    .select('id')
    .eq('booking_id', booking.id)
    .eq('due_date', '2029-12-01')
    .single<{ id: string }>();
  const failed = await service.from('autopay_attempts').insert({
    booking_id: booking.id,
    installment_id: due!.id,
    due_date: '2029-12-01',
    amount_cents: 100000,
    currency: 'AUD',
    state: 'failed',
    failure_code: 'card_declined',
    failure_message: 'Your card was declined.',
    settled_at: new Date().toISOString(),
  });
  expect(failed.error).toBeNull();
  await openAdminScreen(page, '/admin/manage-plan', 'Payment schedules');
  await page.getByLabel('Show').selectOption('autopay');
  await page.getByRole('searchbox', { name: /Search by invoice/ }).fill(booking.invoiceNumber);
  const row = page.getByRole('row').filter({ hasText: booking.invoiceNumber });
  await expect(row).toContainText(
    /AutoPay failed \d{1,2} [A-Z][a-z]{2} \d{4} for the instalment due 1 Dec 2029: Your card was declined\. Not paid since\./,
  );
  await expect(page).toHaveURL(/filter=autopay/);
  expect(await axeViolations(page)).toEqual([]);
});

test('moves, splits and merges instalments, refuses a date after departure, and waives with a reason', async ({
  page,
}) => {
  test.slow();
  const { booking } = await overdueBooking();
  await openAdminScreen(page, `/admin/manage-plan/${booking.id}`, `Schedule of ${booking.invoiceNumber}`);
  const rows = page.getByRole('table', { name: 'Instalments' }).getByRole('row');
  await expect(rows).toHaveText([
    'DueAmountStateChange',
    '15 Jan 2026$1,000.00Paid',
    /^15 Feb 2026\$1,000\.00OverdueChange the \$1,000\.00 due 15 Feb 2026$/,
    /^1 Dec 2029\$1,000\.00DueChange the \$1,000\.00 due 1 Dec 2029$/,
  ]);
  // A paid instalment offers no change.
  await expect(rows.nth(1).getByRole('button')).toHaveCount(0);

  // After departure: refused with the database's reason.
  await page.getByRole('button', { name: 'Change the $1,000.00 due 15 Feb 2026' }).click();
  await page.getByLabel('New due date').fill('2030-04-01');
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not changed' })).toHaveText(
    'Not changed: nothing can fall due after departure (10 Mar 2030).',
  );

  await page.getByLabel('New due date').fill('2026-12-15');
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved' })).toHaveText(
    'Moved $1,000.00 due 15 Feb 2026 to 15 Dec 2026.',
  );
  await expect(rows.nth(2)).toContainText('15 Dec 2026$1,000.00Due');

  // Split: $400 keeps its day, $600 on 1 Jun 2027.
  await page.getByRole('button', { name: 'Change the $1,000.00 due 15 Dec 2026' }).click();
  await page.getByLabel('Split it in two').check();
  await page.getByLabel(/First part/).fill('400');
  await page.getByLabel('The rest falls due on').fill('2027-06-01');
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(2)).toContainText('15 Dec 2026$400.00');
  await expect(rows.nth(3)).toContainText('1 June 2027$600.00');

  // Merge them back.
  await page.getByRole('button', { name: 'Change the $400.00 due 15 Dec 2026' }).click();
  await page.getByLabel('Merge it with the next instalment').check();
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(2)).toContainText('15 Dec 2026$1,000.00');

  // Waive $150 with a reason: the total goes down and the member's invoice has a new version.
  await page.getByLabel('Amount (dollars)').fill('150');
  await page.getByLabel('Reason').fill('Goodwill for the changed itinerary');
  await page.getByRole('button', { name: 'Waive it' }).click();
  await expect(page.getByTestId('schedule-total')).toHaveText('$2,850.00');
  await expect(rows.nth(3)).toContainText('1 Dec 2029$850.00');
  await expect(page.getByTestId('schedule-changes').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByTestId('schedule-changes')).toContainText(
    'Waived $150.00: Goodwill for the changed itinerary',
  );
  const { data } = await adminClient()
    .from('invoice_versions')
    .select('version, total_cents')
    .eq('booking_id', booking.id)
    .order('version');
  expect(data).toEqual([
    { version: 1, total_cents: 300000 },
    { version: 2, total_cents: 285000 },
  ]);
  expect(await axeViolations(page)).toEqual([]);
});

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`axe finds no violations on the schedule screens in the ${theme} theme`, async ({ page, context }) => {
    test.slow();
    await useStoredTheme(context, theme);
    const { booking } = await overdueBooking();
    const admin = await openAdminScreen(
      page,
      `/admin/manage-plan?q=${booking.invoiceNumber}`,
      'Payment schedules',
    );
    await expect(page.getByRole('row').filter({ hasText: booking.invoiceNumber })).toBeVisible();
    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page)).toEqual([]);
    await openAdminScreen(
      page,
      `/admin/manage-plan/${booking.id}`,
      `Schedule of ${booking.invoiceNumber}`,
      admin,
    );
    await page.getByRole('button', { name: 'Change the $1,000.00 due 15 Feb 2026' }).click();
    await page.getByLabel('Split it in two').check();
    expect(await axeViolations(page)).toEqual([]);
  });
}
