import { describe, expect, it } from 'vitest';
import type { PaymentReminder } from './bookings';
import { reminderLines } from './reminders';

const reminder = (
  id: number,
  kind: string,
  sent_on: string,
  due_date = '2026-12-10',
  sequence = 0,
): PaymentReminder => ({ id, kind, sequence, due_date, amount_cents: 120000, sent_on });

describe('reminderLines', () => {
  it('says when each reminder went and why, newest first', () => {
    const lines = reminderLines({
      currency: 'AUD',
      payment_reminders: [
        reminder(1, 'before', '2026-12-03'),
        reminder(3, 'overdue', '2026-12-17', '2026-12-10', 1),
        reminder(2, 'due', '2026-12-10'),
        reminder(4, 'before', '2026-12-09', '2026-12-10'),
        reminder(5, 'due', '2026-12-12', '2026-12-10'),
      ],
    }).map((line) => line.text);
    expect(lines).toEqual([
      'Reminder sent 17th December, 2026: $1,200.00 due 10th December, 2026, overdue (reminder 1)',
      'Reminder sent 12th December, 2026: $1,200.00 due 10th December, 2026, overdue',
      'Reminder sent 10th December, 2026: $1,200.00 due 10th December, 2026, that day',
      'Reminder sent 9th December, 2026: $1,200.00 due 10th December, 2026, tomorrow',
      'Reminder sent 3rd December, 2026: $1,200.00 due 10th December, 2026, in 7 days',
    ]);
  });

  it('lists nothing for a booking without reminders', () => {
    expect(reminderLines({ currency: 'AUD', payment_reminders: [] })).toEqual([]);
  });
});
