import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/dates';
import { BookingState } from './BookingState';
import type { MemberBooking } from './bookings';
import { StatusBadge } from './StatusBadge';
import { useBookingFromLocation } from './useBooking';
import { listBookingTravellers } from '../travellers/travellers.data';

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
      <BookingTravellers bookingId={booking.id} />
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

/** The member's travellers linked to this booking (booking_travellers). */
function BookingTravellers({ bookingId }: { bookingId: string }) {
  const query = useQuery({
    queryKey: ['booking-travellers', bookingId],
    queryFn: () => listBookingTravellers(bookingId),
  });
  return (
    <section aria-labelledby="booking-travellers" className="border-border bg-card rounded-lg border p-5">
      <h2 id="booking-travellers" className="text-xl font-semibold">
        Who is travelling
      </h2>
      {query.isPending ? (
        <p role="status" className="text-muted-foreground mt-2">
          Loading travellers…
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-destructive mt-2">
          We could not load the travellers on this booking.
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground mt-2">
          No travellers are named on this booking yet. Keep your travellers&apos; details up to date in{' '}
          <a href="/customer-management" className="text-primary underline">
            My travellers
          </a>
          ; we add them to the booking with you.
        </p>
      ) : (
        <ul className="mt-2 list-inside list-disc">
          {query.data.map((name, index) => (
            <li key={`${name}-${index}`}>{name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
