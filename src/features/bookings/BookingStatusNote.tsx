import { formatDate, formatDateTime, sydneyDate } from '../../lib/format/dates';
import { holdUntil, money, type MemberBooking } from './bookings';

/**
 * What the status means for the member, in a sentence: a pending booking's hold (or that it has ended), a
 * cancellation they asked for. Nothing for a plain confirmed, cancelled or completed booking.
 */
export function BookingStatusNote({ booking, now = new Date() }: { booking: MemberBooking; now?: Date }) {
  const hold = holdUntil(booking);
  let text: string | null = null;
  if (booking.cancellation_requested_at && booking.status !== 'cancelled')
    text = `You asked us to cancel this booking on ${formatDate(sydneyDate(booking.cancellation_requested_at))}. It stays booked until we confirm the cancellation; we will be in touch.`;
  else if (hold && Date.parse(hold) > now.getTime())
    text = `Your places are held until ${formatDateTime(hold)}. Pay the deposit of ${money(booking.deposit_cents, booking)} by then to confirm them.`;
  else if (hold)
    text = `The hold on your places ended on ${formatDateTime(hold)}. Pay the deposit of ${money(booking.deposit_cents, booking)} and we will confirm your places if they are still free, or contact us.`;
  if (!text) return null;
  return (
    <p className="text-sm" data-testid="booking-status-note">
      {text}
    </p>
  );
}
