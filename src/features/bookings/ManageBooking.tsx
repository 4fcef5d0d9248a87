import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { sydneyToday } from '../../lib/format/today';
import { BookingState } from './BookingState';
import { BookingStatusNote } from './BookingStatusNote';
import { bookingMoney, canRequestCancellation, type MemberBooking } from './bookings';
import { fetchTravellerChangesCloseOn } from './bookings.data';
import { MoneyFigures } from './MoneyFigures';
import { CardReturnNote } from './CardReturnNote';
import { PaymentsReceived } from './PaymentsReceived';
import { RequestCancellation } from './RequestCancellation';
import { CancellationRequestedBadge, StatusBadge } from './StatusBadge';
import { useBookingFromLocation } from './useBooking';
import { BookingTravellers } from '../travellers/BookingTravellers';

/** /manage-booking?booking=<id>: the booking's details, travellers, payments and the cancellation request. */
export function ManageBooking() {
  const query = useBookingFromLocation();
  return <BookingState query={query}>{(booking) => <BookingDetails booking={booking} />}</BookingState>;
}

function BookingDetails({ booking }: { booking: MemberBooking }) {
  const event = booking.event;
  const query = `?booking=${encodeURIComponent(booking.id)}`;
  const closesOn = useQuery({
    queryKey: ['traveller-changes-close-on', booking.id],
    queryFn: () => fetchTravellerChangesCloseOn(booking.id),
  });
  const money = bookingMoney(booking);
  const rows: [string, ReactNode][] = [
    ['Event', event?.title ?? 'Event details unavailable'],
    [
      'Dates',
      event
        ? `${formatOrdinalDate(event.start_date)} to ${formatOrdinalDate(event.end_date)}`
        : 'Not available',
    ],
    [
      'Status',
      <span key="status" className="flex flex-wrap gap-2">
        <StatusBadge status={booking.status} />
        {booking.cancellation_requested_at && booking.status !== 'cancelled' && (
          <CancellationRequestedBadge />
        )}
      </span>,
    ],
    [
      'Invoice number',
      <span key="invoice">
        {booking.invoice_number}{' '}
        <a href={`/invoice${query}`} className="text-primary ml-2 underline">
          View invoice
        </a>
      </span>,
    ],
    ['Bank reference', booking.bank_reference ?? booking.invoice_number],
    ['Travellers', String(booking.travellers)],
    ['Notes', booking.notes?.trim() || 'None'],
  ];
  return (
    <div className="space-y-6">
      <CardReturnNote bookingId={booking.id} />
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
        <div className="mt-4">
          <BookingStatusNote booking={booking} />
        </div>
      </section>
      <BookingTravellers
        bookingId={booking.id}
        ownerId={booking.user_id}
        closesOn={closesOn.data ?? null}
        today={sydneyToday()}
        active={booking.status === 'pending' || booking.status === 'confirmed'}
      />
      <section aria-labelledby="booking-money" className="border-border bg-card rounded-lg border p-5">
        <h2 id="booking-money" className="text-xl font-semibold">
          What is paid and what is left
        </h2>
        <div className="mt-4">
          <MoneyFigures money={money} currency={booking.currency} />
        </div>
      </section>
      <PaymentsReceived booking={booking} />
      <div className="flex flex-wrap gap-2">
        <a href={`/manage-payment-plan${query}`} className={buttonClass('primary')}>
          View payment plan
        </a>
        {money.remainingCents > 0 && booking.status !== 'cancelled' && (
          <a href={`/extra-payment${query}`} className={buttonClass('outline')}>
            Tell us about a payment
          </a>
        )}
        {canRequestCancellation(booking) && <RequestCancellation booking={booking} />}
        <a href="/dashboard" className={buttonClass('outline')}>
          Back to dashboard
        </a>
      </div>
    </div>
  );
}
