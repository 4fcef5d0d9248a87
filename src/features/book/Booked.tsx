import { lazy, Suspense, type Ref } from 'react';
import { formatPrice } from '../../lib/format/currency';
import { BankTransferDetails } from '../bookings/BankTransferDetails';
import { holdEndsLabel, namesList } from './book';
import type { NewBooking } from './book.data';

// Loaded once the booking is made, so the flow's own steps carry none of it (the page is near its budget).
const PayByCard = lazy(() => import('../bookings/PayByCard').then((m) => ({ default: m.PayByCard })));

/**
 * After booking: the booking's bank reference, what is due now, how long the places are held, the company's
 * bank account (read from the database here, the flow's only read of it), and the booking's pages.
 */
export function Booked({
  ref,
  booking,
  dueNowCents,
  names,
}: {
  ref: Ref<HTMLHeadingElement>;
  booking: NewBooking;
  dueNowCents: number;
  names: readonly string[];
}) {
  const reference = booking.bank_reference ?? '';
  return (
    <section aria-labelledby="book-done" className="space-y-5">
      <h2 id="book-done" ref={ref} tabIndex={-1} className="text-2xl font-semibold outline-none">
        Your places are held
      </h2>
      <p className="max-w-prose">
        Thank you. We have booked {namesList(names)} and are holding{' '}
        {names.length === 1 ? 'the place' : `the ${names.length} places`}
        {booking.hold_expires_at ? ` until ${holdEndsLabel(booking.hold_expires_at)}` : ''}. Please pay{' '}
        <strong>{formatPrice(dueNowCents, booking.currency)}</strong> by bank transfer before then, with your
        reference <strong className="tabular-nums">{reference}</strong>, so we can confirm your booking.
      </p>
      <section aria-labelledby="book-pay" className="border-border bg-card rounded-lg border p-5">
        <h3 id="book-pay" className="text-xl font-semibold">
          How to pay by bank transfer
        </h3>
        <BankTransferDetails
          reference={booking.bank_reference}
          extraRows={[['Amount', formatPrice(dueNowCents, booking.currency)]]}
        />
        <Suspense fallback={null}>
          <PayByCard
            ask={{ bookingId: booking.id, purpose: 'deposit', returnTo: '/manage-booking' }}
            label={`Pay ${formatPrice(dueNowCents, booking.currency)} by card`}
            amountCents={dueNowCents}
            currency={booking.currency}
            offerAutopay
          />
        </Suspense>
      </section>
      <p className="flex flex-wrap gap-4">
        <a href={`/manage-booking?booking=${booking.id}`} className="text-primary font-medium underline">
          Manage booking
        </a>
        <a href={`/manage-payment-plan?booking=${booking.id}`} className="text-primary font-medium underline">
          View payment plan
        </a>
      </p>
    </section>
  );
}
