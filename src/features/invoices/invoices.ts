// The tax invoice page's pure rules (decision 0075): which version the address asks for, and what the
// invoice says about GST, what has been paid and what is left. Amounts are whole cents.
import { formatPrice } from '../../lib/format/currency';

/** One line of an invoice version as the database issued it (invoice_versions.lines). */
export interface InvoiceLine {
  kind: 'traveller' | 'waiver' | 'surcharge' | 'surcharge_refund' | (string & {});
  description: string;
  detail: string | null;
  amount_cents: number;
  /** A card surcharge's own GST (negative when given back), as the database issued it (decision 0096). */
  gst_cents?: number;
}

/** One version of a booking's tax invoice (public.invoice_versions), as issued. */
export interface InvoiceVersion {
  version: number;
  issued_at: string;
  invoice_number: string;
  bill_to: { name?: string | null; email?: string | null };
  event_title: string;
  departs_on: string;
  currency: string;
  gst_treatment: 'taxable' | 'gst-free' | (string & {});
  lines: InvoiceLine[];
  total_cents: number;
  gst_cents: number;
  cancelled: boolean;
}

/** The `version` query parameter: a whole number of 1 or more, else null (the latest version). */
export function versionFrom(search: string): number | null {
  const value = new URLSearchParams(search).get('version')?.trim() ?? '';
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

/** The version asked for (the latest when none is, or it does not exist); null when there is none. */
export function pickVersion(
  versions: readonly InvoiceVersion[],
  wanted: number | null,
): InvoiceVersion | null {
  if (versions.length === 0) return null;
  const latest = versions.reduce((a, b) => (b.version > a.version ? b : a));
  return versions.find((version) => version.version === wanted) ?? latest;
}

/**
 * The GST sentence under the total. A taxable price includes 10% GST, which the database issued as 1/11 of
 * the total rounded to the cent; a GST-free one says so.
 */
export function gstStatement(
  version: Pick<InvoiceVersion, 'gst_treatment' | 'gst_cents' | 'currency'>,
): string {
  return version.gst_treatment === 'taxable'
    ? `Total includes GST of ${formatPrice(version.gst_cents, version.currency)}`
    : 'GST-free: this supply includes no GST';
}

/**
 * What the current invoice shows under its total: paid so far and left to pay (never below nothing). The
 * total includes the card surcharges charged (their lines), which were paid with the card payments they
 * were charged on but are not the booking's paid money (booking_balances), so they count as paid here, less
 * those given back (their negative 'surcharge_refund' lines, when the company cancelled).
 */
export function balanceOf(
  version: Pick<InvoiceVersion, 'total_cents' | 'lines'>,
  paidCents: number,
): { paidCents: number; leftCents: number } {
  const surcharges = version.lines
    .filter((line) => line.kind === 'surcharge' || line.kind === 'surcharge_refund')
    .reduce((sum, line) => sum + line.amount_cents, 0);
  const paid = paidCents + surcharges;
  return { paidCents: paid, leftCents: Math.max(0, version.total_cents - paid) };
}

/** A line's GST column: Taxable or GST-free, with the line's own GST when it has one (a card surcharge). */
export function lineGst(
  line: InvoiceLine,
  version: Pick<InvoiceVersion, 'gst_treatment' | 'currency'>,
): string {
  if (version.gst_treatment !== 'taxable') return 'GST-free';
  return line.gst_cents === undefined
    ? 'Taxable'
    : `Taxable, GST ${formatPrice(line.gst_cents, version.currency)}`;
}

/** "Invoice INV-2026-0042, version 2" for the title and the list of versions. */
export function versionLabel(version: Pick<InvoiceVersion, 'invoice_number' | 'version'>): string {
  return `Invoice ${version.invoice_number}, version ${version.version}`;
}

/** The address of one version of a booking's invoice. */
export function invoiceHref(bookingId: string, version?: number): string {
  return `/invoice?booking=${encodeURIComponent(bookingId)}${version ? `&version=${version}` : ''}`;
}
