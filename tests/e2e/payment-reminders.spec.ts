import { expect, test } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { formatOrdinalDate } from '../../src/lib/format/date-words';
import { sydneyToday } from '../../src/lib/format/today';

// The payment reminders e-mailed about a booking (decision 0081) on its payment plan, newest first, read in
// the page's one request for the booking. The job that sends them is tested through the stack
// (reminders.data.test.ts, payment-reminders.test.ts); here they are arranged as the job records them.

/** Sydney's today moved by `days`, as YYYY-MM-DD. */
function daysFromToday(days: number): string {
  return new Date(Date.parse(sydneyToday()) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new member's booking with an instalment due tomorrow and one later, and the 'before' reminder sent 6 days ago. */
async function bookingWithReminder(fullName: string) {
  const member = await createMember({ fullName });
  const event = await arrangeEvent({ title: 'Whitby Abbey Night' });
  const due = daysFromToday(1);
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 240000,
    installments: [
      { due_date: due, amount_cents: 120000 },
      { due_date: daysFromToday(60), amount_cents: 120000 },
    ],
  });
  const { data: installments } = await adminClient()
    .from('booking_installments')
    .select('id')
    .eq('booking_id', booking.id)
    .eq('due_date', due);
  const reminder = await adminClient()
    .from('payment_reminders')
    .insert({
      booking_id: booking.id,
      installment_id: installments![0]!.id,
      kind: 'before',
      due_date: due,
      amount_cents: 120000,
      sent_on: daysFromToday(-6),
    });
  expect(reminder.error).toBeNull();
  return { member, booking, due };
}

test('a member sees the reminders sent about their booking on its payment plan', async ({ page }) => {
  const { member, booking, due } = await bookingWithReminder('Mina Murray');
  await signInPage(page, member);
  await page.goto(`/manage-payment-plan?booking=${booking.id}`);
  const sent = page.getByRole('region', { name: 'Reminders we sent' });
  await expect(sent.getByTestId('payment-reminder')).toHaveText([
    `Reminder sent ${formatOrdinalDate(daysFromToday(-6))}: $1,200.00 due ${formatOrdinalDate(due)}, in 7 days`,
  ]);
});

test('an admin sees the reminder in the booking’s history', async ({ page }) => {
  const { booking, due } = await bookingWithReminder('Jonathan Harker');
  await openAdminScreen(page, `/admin/bookings/${booking.id}`, `Booking ${booking.invoiceNumber}`);
  const [year, month, day] = due.split('-').map(Number);
  const dueText = `${day} ${new Date(Date.UTC(year!, month! - 1, day)).toLocaleString('en-AU', { month: 'long', timeZone: 'UTC' })} ${year}`;
  await expect(page.getByText(`Sent payment reminder ahead of ${dueText}: $1,200.00`)).toBeVisible();
  await expect(page.getByText('Automatic reminder', { exact: false })).toBeVisible();
});

test('a booking without reminders shows no reminders section', async ({ page }) => {
  const member = await createMember({ fullName: 'Lucy Westenra' });
  const event = await arrangeEvent();
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 120000,
    installments: [{ due_date: daysFromToday(60), amount_cents: 120000 }],
  });
  await signInPage(page, member);
  await page.goto(`/manage-payment-plan?booking=${booking.id}`);
  await expect(page.getByRole('region', { name: 'Instalment schedule' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reminders we sent' })).toHaveCount(0);
});
