import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { BookingStatusNote } from '../bookings/BookingStatusNote';
import {
  bookingMoney,
  money as format,
  overdueNotice,
  overduePayment,
  pendingNotices,
  type MemberBooking,
} from '../bookings/bookings';

import { MoneyFigures } from '../bookings/MoneyFigures';
import { ProgressBar } from '../bookings/ProgressBar';
import {
  CancellationRequestedBadge,
  OverdueBadge,
  OverdueNotice,
  StatusBadge,
} from '../bookings/StatusBadge';

/** One booking on the dashboard: event, date, status, money, progress and the quick actions. */
export function BookingCard({ booking, today }: { booking: MemberBooking; today: string }) {
  const money = bookingMoney(booking);
  const overdue = overduePayment(booking, today);
  const pending = pendingNotices(booking);
  const cents = (amount: number) => format(amount, booking);
  const title = booking.event?.title ?? 'Event details unavailable';
  const query = `?booking=${encodeURIComponent(booking.id)}`;
  const headingId = `booking-${booking.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="border-border bg-card text-card-foreground rounded-lg border p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {title}
          </h3>
          {booking.event && (
            <p className="text-muted-foreground text-sm">{formatOrdinalDate(booking.event.start_date)}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={booking.status} />
          {booking.cancellation_requested_at && booking.status !== 'cancelled' && (
            <CancellationRequestedBadge />
          )}
          {overdue && <OverdueBadge />}
        </div>
      </div>
      {overdue && <OverdueNotice overdue={overdue} className="mt-3" />}
      <div className="mt-3">
        <BookingStatusNote booking={booking} />
      </div>
      <div className="mt-4">
        <MoneyFigures money={money} currency={booking.currency} />
      </div>
      {pending.length > 0 && (
        <p className="mt-2 text-sm" data-testid="pending-payment">
          <span className="font-semibold">Pending</span>:{' '}
          {cents(pending.reduce((sum, notice) => sum + notice.amount_cents, 0))} you told us you paid, not yet
          confirmed.
        </p>
      )}
      <div className="mt-4">
        <ProgressBar
          percent={money.percent}
          label={`Payment progress for ${title}`}
          valueText={
            `${money.percent}% paid: ${cents(money.paidCents)} of ${cents(money.totalCents)}` +
            (overdue ? `, ${overdueNotice(overdue)}` : '')
          }
        />
        <p className="text-muted-foreground mt-1 text-xs">{money.percent}% paid</p>
      </div>
      <nav aria-label={`Actions for ${title}`} className="mt-4 flex flex-wrap gap-2">
        <a href={`/manage-booking${query}`} className={buttonClass('outline', 'sm')}>
          Manage Booking
        </a>
        <a href={`/manage-payment-plan${query}`} className={buttonClass('outline', 'sm')}>
          Payment Plan
        </a>
        {money.remainingCents > 0 && booking.status !== 'cancelled' && (
          <a href={`/extra-payment${query}`} className={buttonClass('outline', 'sm')}>
            Extra Payment
          </a>
        )}
        <a href="/event-updates" className={buttonClass('ghost', 'sm')}>
          Event Updates
        </a>
      </nav>
    </article>
  );
}
