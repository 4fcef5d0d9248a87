import { buttonClass } from '../../components/ui/button-styles';
import { formatAudCents } from '../../lib/format/currency';
import { formatOrdinalDate } from '../../lib/format/dates';
import { bookingMoney, overdueNotice, overduePayment, type MemberBooking } from '../bookings/bookings';

import { MoneyFigures } from '../bookings/MoneyFigures';
import { ProgressBar } from '../bookings/ProgressBar';
import { OverdueBadge, OverdueNotice, StatusBadge } from '../bookings/StatusBadge';

/** One booking on the dashboard: event, date, status, money, progress and the quick actions. */
export function BookingCard({ booking, today }: { booking: MemberBooking; today: string }) {
  const money = bookingMoney(booking);
  const overdue = overduePayment(booking, today);
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
          {overdue && <OverdueBadge />}
        </div>
      </div>
      {overdue && <OverdueNotice overdue={overdue} className="mt-3" />}
      <div className="mt-4">
        <MoneyFigures money={money} />
      </div>
      <div className="mt-4">
        <ProgressBar
          percent={money.percent}
          label={`Payment progress for ${title}`}
          valueText={
            `${money.percent}% paid: ${formatAudCents(money.paidCents)} of ${formatAudCents(money.totalCents)}` +
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
        <a href="/event-updates" className={buttonClass('ghost', 'sm')}>
          Event Updates
        </a>
      </nav>
    </article>
  );
}
