import type { ReactNode } from 'react';
import { useCompanyBankDetails } from './useCompanyBankDetails';

/**
 * The company's account (from the database, decision 0077) and the booking's own bank reference, as a list
 * of rows, with a state while it loads and when the company has not entered its details yet. Members quote
 * the booking's reference (HH…), never the invoice number: a booking made before references existed has
 * none, and is asked to tell us when it has paid.
 */
export function BankTransferDetails({
  reference,
  extraRows = [],
  matchTo = 'booking',
}: {
  /** The booking's bank reference (HH and 8 letters or digits); null for a booking made before them. */
  reference: string | null;
  /** Rows after the account's, such as the amount due now. */
  extraRows?: readonly (readonly [string, ReactNode])[];
  /** What the reference matches the payment to: a booking, or a store order (decision 0091). */
  matchTo?: 'booking' | 'order';
}) {
  const bank = useCompanyBankDetails();
  if (bank.isPending)
    return (
      <p role="status" className="text-muted-foreground mt-4">
        Loading our bank details…
      </p>
    );
  if (bank.isError)
    return (
      <p role="alert" className="text-destructive mt-4">
        Our bank details could not be loaded. Please check your connection and refresh the page.
      </p>
    );
  if (!bank.data)
    return (
      <p className="mt-4">
        Bank details are not set up yet:{' '}
        <a href="/contact" className="text-primary font-medium underline">
          contact us
        </a>{' '}
        and we will tell you how to pay.
      </p>
    );
  const rows: (readonly [string, ReactNode])[] = [
    ['Account name', bank.data.accountName],
    ...(bank.data.bankName ? [['Bank', bank.data.bankName] as const] : []),
    ['BSB', bank.data.bsb],
    ['Account number', bank.data.accountNumber],
    ...(reference ? [['Reference', reference] as const] : []),
    ...extraRows,
  ];
  return (
    <>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground text-sm">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm">
        {reference ? (
          <>
            Please quote your reference <strong className="tabular-nums">{reference}</strong> exactly, so we
            can match your payment to your {matchTo}.
          </>
        ) : (
          <>
            Please put your name on the transfer, then{' '}
            <a href="/contact" className="text-primary font-medium underline">
              tell us you have paid
            </a>{' '}
            so we can match it to your booking.
          </>
        )}
      </p>
    </>
  );
}
