import { useQuery } from '@tanstack/react-query';
import { QueryWaiting } from '../../components/ui/QueryStatus';
import { buttonClass } from '../../components/ui/button-styles';
import { formatPrice } from '../../lib/format/currency';
import { formatDate, sydneyDate } from '../../lib/format/dates';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { bookingIdFrom } from '../bookings/bookings';
import {
  balanceOf,
  lineGst,
  gstStatement,
  invoiceHref,
  pickVersion,
  versionFrom,
  versionLabel,
  type InvoiceVersion,
} from './invoices';
import { fetchInvoice, type BookingInvoice } from './invoices.data';

/** The company as its invoices name it: site settings' business details, read when the site is built. */
export interface Business {
  brandName: string;
  legalName: string;
  abn: string;
  address: string;
  contactEmail: string;
  contactPhone: string;
}

/** /invoice?booking=<id>[&version=n]: the booking's tax invoice, the version asked for or the latest. */
export function Invoice({ business }: { business: Business }) {
  const bookingId = bookingIdFrom(window.location.search);
  const wanted = versionFrom(window.location.search);
  const query = useQuery({
    queryKey: ['invoice', bookingId],
    queryFn: () => (bookingId ? fetchInvoice(bookingId) : Promise.resolve(null)),
  });
  if (!query.isSuccess) return <QueryWaiting query={query} what="invoice" />;
  const invoice = query.data;
  const version = invoice ? pickVersion(invoice.versions, wanted) : null;
  if (!invoice || !version)
    return (
      <div role="alert" className="border-border rounded-lg border p-6">
        <h2 className="text-xl font-semibold">Invoice not found</h2>
        <p className="text-muted-foreground mt-2">
          We could not find an invoice for this booking in your account. Check the link, or open it from your
          dashboard.
        </p>
        <a href="/dashboard" className="text-primary mt-4 inline-block underline">
          Back to your dashboard
        </a>
      </div>
    );
  return <InvoiceDocument business={business} invoice={invoice} version={version} />;
}

function InvoiceDocument({
  business,
  invoice,
  version,
}: {
  business: Business;
  invoice: BookingInvoice;
  version: InvoiceVersion;
}) {
  const latest = invoice.versions[invoice.versions.length - 1]!;
  const current = version.version === latest.version;
  const money = (cents: number) => formatPrice(cents, version.currency);
  const { paidCents, leftCents } = balanceOf(version, invoice.paidCents);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden" data-print-hidden>
        <button type="button" className={buttonClass('primary')} onClick={() => window.print()}>
          Print
        </button>
        <span className="text-muted-foreground text-sm">Or save it as a PDF from the print dialog.</span>
      </div>
      {!current && (
        <p role="note" className="border-border rounded-md border p-3 text-sm">
          This is version {version.version}, replaced on {formatDate(sydneyDate(latest.issued_at))} by{' '}
          <a className="text-primary underline" href={invoiceHref(invoice.bookingId, latest.version)}>
            version {latest.version}
          </a>
          . What has been paid is shown on the current version.
        </p>
      )}
      <article
        aria-labelledby="invoice-title"
        className="invoice-document border-border bg-card rounded-lg border p-6 print:rounded-none print:border-0 print:p-0"
      >
        <header className="flex flex-wrap justify-between gap-6">
          <div>
            <p className="text-lg font-semibold">{business.legalName}</p>
            <p className="text-sm">ABN {business.abn}</p>
            <p className="text-sm whitespace-pre-line">{business.address}</p>
            <p className="text-sm">
              {business.contactEmail} · {business.contactPhone}
            </p>
          </div>
          <div className="sm:text-end">
            <h2 id="invoice-title" className="text-2xl font-bold uppercase tracking-wide">
              Tax invoice
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-3 text-sm sm:justify-end">
              <dt className="font-medium">Invoice number</dt>
              <dd data-testid="invoice-number">{version.invoice_number}</dd>
              <dt className="font-medium">Version</dt>
              <dd>{version.version}</dd>
              <dt className="font-medium">Issue date</dt>
              <dd>{formatOrdinalDate(sydneyDate(version.issued_at))}</dd>
              {invoice.bankReference && (
                <>
                  <dt className="font-medium">Payment reference</dt>
                  <dd>{invoice.bankReference}</dd>
                </>
              )}
            </dl>
          </div>
        </header>

        <section aria-labelledby="bill-to" className="mt-6">
          <h3 id="bill-to" className="text-sm font-semibold uppercase">
            Bill to
          </h3>
          <p>{version.bill_to.name ?? 'Member'}</p>
          {version.bill_to.email && <p className="text-sm">{version.bill_to.email}</p>}
        </section>

        {version.cancelled && (
          <p className="mt-4 font-semibold" data-testid="invoice-cancelled">
            This booking was cancelled.
          </p>
        )}

        <table className="mt-6 w-full border-collapse text-sm">
          <caption className="sr-only">What this invoice is for</caption>
          <thead>
            <tr className="border-border border-b text-start">
              <th scope="col" className="py-2 text-start">
                Description
              </th>
              <th scope="col" className="py-2 text-start">
                GST
              </th>
              <th scope="col" className="py-2 text-end">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {version.lines.map((line, index) => (
              <tr key={index} className="border-border border-b">
                <td className="py-2">
                  {line.description}
                  {line.detail && <span className="block text-xs">{line.detail}</span>}
                </td>
                <td className="py-2">{lineGst(line, version)}</td>
                <td className="py-2 text-end tabular-nums">{money(line.amount_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="pt-3 text-start">
                Total
              </th>
              <td className="pt-3 text-end font-semibold tabular-nums" data-testid="invoice-total">
                {money(version.total_cents)}
              </td>
            </tr>
            <tr>
              <td colSpan={3} className="pt-1 text-end" data-testid="invoice-gst">
                {gstStatement(version)}
              </td>
            </tr>
            {current && (
              <>
                <tr>
                  <th scope="row" colSpan={2} className="pt-3 text-start font-normal">
                    Paid to date
                  </th>
                  <td className="pt-3 text-end tabular-nums" data-testid="invoice-paid">
                    {money(paidCents)}
                  </td>
                </tr>
                <tr>
                  <th scope="row" colSpan={2} className="pt-1 text-start">
                    Left to pay
                  </th>
                  <td className="pt-1 text-end font-semibold tabular-nums" data-testid="invoice-left">
                    {money(leftCents)}
                  </td>
                </tr>
              </>
            )}
          </tfoot>
        </table>

        {current && invoice.payments.length > 0 && (
          <section aria-labelledby="payments-received" className="mt-6">
            <h3 id="payments-received" className="text-sm font-semibold uppercase">
              Payments received
            </h3>
            <ul className="mt-2 space-y-1 text-sm">
              {invoice.payments.map((payment) => (
                <li key={payment.id}>
                  {formatOrdinalDate(payment.received_on)}: {money(payment.amount_cents)} by bank transfer
                  {payment.reference ? ` (${payment.reference})` : ''}
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="mt-6 text-xs">
          {version.event_title}, departing {formatOrdinalDate(version.departs_on)}. Prices in{' '}
          {version.currency}. Issued by {business.brandName}.
        </p>
      </article>

      <section aria-labelledby="invoice-versions" className="print:hidden" data-print-hidden>
        <h2 id="invoice-versions" className="text-lg font-semibold">
          Versions of this invoice
        </h2>
        <p className="text-muted-foreground text-sm">
          A new version is issued whenever the booking changes; earlier versions stay as they were issued.
        </p>
        <ol className="mt-2 space-y-1" data-testid="invoice-version-list">
          {[...invoice.versions].reverse().map((item) => (
            <li key={item.version}>
              <a
                href={invoiceHref(invoice.bookingId, item.version)}
                className="text-primary underline underline-offset-2"
                aria-current={item.version === version.version ? 'page' : undefined}
              >
                Version {item.version}
              </a>{' '}
              <span className="text-sm">
                issued {formatDate(sydneyDate(item.issued_at))}, total {money(item.total_cents)}
                {item.cancelled ? ', cancelled' : ''}
                {item.version === latest.version ? ' (current)' : ''}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <span className="sr-only">{versionLabel(version)}</span>
    </div>
  );
}
