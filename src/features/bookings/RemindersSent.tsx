import type { MemberBooking } from './bookings';
import { reminderLines } from './reminders';

/** The payment reminders e-mailed about this booking, newest first (nothing when none were sent). */
export function RemindersSent({ booking }: { booking: MemberBooking }) {
  const lines = reminderLines(booking);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="reminders-title">
      <h2 id="reminders-title" className="text-xl font-semibold">
        Reminders we sent
      </h2>
      <p className="text-muted-foreground mt-1 text-sm">
        We e-mail a reminder before an instalment is due, on the day, and while it is overdue.
      </p>
      <ul className="mt-3 space-y-1 text-sm">
        {lines.map((line) => (
          <li key={line.id} data-testid="payment-reminder">
            {line.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
