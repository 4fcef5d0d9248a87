/**
 * The payment reminders a booking's member was sent (decision 0081), as their payment plan lists them:
 * newest first, each in one line ("Reminder sent 3rd December, 2026: $1,200.00 due 10th December, 2026,
 * in 7 days").
 */
import { formatOrdinalDate } from '../../lib/format/date-words';
import { money, type MemberBooking, type PaymentReminder } from './bookings';

const DAY_MS = 86_400_000;

/** Why the reminder went, in words: how far ahead, on the day, or which overdue reminder it was. */
function when(reminder: PaymentReminder): string {
  if (reminder.kind === 'overdue') return `overdue (reminder ${reminder.sequence})`;
  const days = Math.round((Date.parse(reminder.due_date) - Date.parse(reminder.sent_on)) / DAY_MS);
  if (days > 1) return `in ${days} days`;
  if (days === 1) return 'tomorrow';
  return days === 0 ? 'that day' : 'overdue';
}

export interface ReminderLine {
  id: number;
  text: string;
}

export function reminderLines(
  booking: Pick<MemberBooking, 'currency' | 'payment_reminders'>,
): ReminderLine[] {
  return [...booking.payment_reminders]
    .sort((a, b) => b.sent_on.localeCompare(a.sent_on) || b.id - a.id)
    .map((reminder) => ({
      id: reminder.id,
      text:
        `Reminder sent ${formatOrdinalDate(reminder.sent_on)}: ` +
        `${money(reminder.amount_cents, booking)} due ${formatOrdinalDate(reminder.due_date)}, ${when(reminder)}`,
    }));
}
