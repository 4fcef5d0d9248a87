import type { Ref } from 'react';
import { formatPrice } from '../../lib/format/currency';
import { holdEndsLabel, namesList } from './book';
import type { NewBooking } from './book.data';

/** The company's bank account as the site settings hold it (the database will hold it later). */
export interface BankTransfer {
  accountName: string;
  bsb: string;
  accountNumber: string;
  referenceInstructions: string;
}

/**
 * After booking: the booking's bank reference, what is due now, how long the places are held, the company's
 * bank account, and the booking's pages.
 */
export function Booked({
  ref,
  booking,
  dueNowCents,
  names,
  bank,
}: {
  ref: Ref<HTMLHeadingElement>;
  booking: NewBooking;
  dueNowCents: number;
  names: readonly string[];
  bank: BankTransfer;
}) {
  const reference = booking.bank_reference ?? '';
  const rows = [
    ['Account name', bank.accountName],
    ['BSB', bank.bsb],
    ['Account number', bank.accountNumber],
    ['Reference', reference],
    ['Amount', formatPrice(dueNowCents, booking.currency)],
  ] as const;
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
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground text-sm">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm">{bank.referenceInstructions}</p>
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
