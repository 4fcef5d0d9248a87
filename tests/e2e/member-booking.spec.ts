import { expect, test } from '@playwright/test';
import { createMember, signInPage } from '../helpers/e2e-backend';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { colourOfClass } from '../helpers/theme';

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
    '1st December, 2029$1,000.00Upcoming',
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
  await expect(pay).toContainText(`Reference${booking.invoiceNumber}`);
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
