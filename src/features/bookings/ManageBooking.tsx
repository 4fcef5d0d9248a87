import type { ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/dates';
import { BookingState } from './BookingState';
import type { MemberBooking } from './bookings';
import { StatusBadge } from './StatusBadge';
import { useBookingFromLocation } from './useBooking';
import { BookingTravellers } from '../travellers/BookingTravellers';

/** /manage-booking?booking=<id>: the booking's details. */
export function ManageBooking() {
  const query = useBookingFromLocation();
  return <BookingState query={query}>{(booking) => <BookingDetails booking={booking} />}</BookingState>;
}

function BookingDetails({ booking }: { booking: MemberBooking }) {
  const event = booking.event;
  const rows: [string, ReactNode][] = [
    ['Event', event?.title ?? 'Event details unavailable'],
    [
      'Dates',
      event
        ? `${formatOrdinalDate(event.start_date)} to ${formatOrdinalDate(event.end_date)}`
        : 'Not available',
    ],
    ['Invoice number', booking.invoice_number],
    ['Status', <StatusBadge key="status" status={booking.status} />],
    ['Travellers', String(booking.travellers)],
    ['Notes', booking.notes?.trim() || 'None'],
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="booking-details" className="border-border bg-card rounded-lg border p-5">
        <h2 id="booking-details" className="text-xl font-semibold">
          Booking details
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground text-sm">{label}</dt>
              <dd className="font-medium whitespace-pre-line">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <BookingTravellers bookingId={booking.id} ownerId={booking.user_id} />
      <div className="flex flex-wrap gap-2">
        <a
          href={`/manage-payment-plan?booking=${encodeURIComponent(booking.id)}`}
          className={buttonClass('primary')}
        >
          View payment plan
        </a>
        <a href="/dashboard" className={buttonClass('outline')}>
          Back to dashboard
        </a>
      </div>
    </div>
  );
}
