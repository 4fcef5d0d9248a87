// The tax invoice page's pure rules (decision 0075): which version the address asks for, and what the
// invoice says about GST, what has been paid and what is left. Amounts are whole cents.
import { formatPrice } from '../../lib/format/currency';

/** One line of an invoice version as the database issued it (invoice_versions.lines). */
export interface InvoiceLine {
  kind: 'traveller' | 'waiver' | (string & {});
  description: string;
  detail: string | null;
  amount_cents: number;
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

/** What the current invoice shows under its total: paid so far and left to pay (never below nothing). */
export function balanceOf(totalCents: number, paidCents: number): { paidCents: number; leftCents: number } {
  return { paidCents, leftCents: Math.max(0, totalCents - paidCents) };
}

/** "Invoice INV-2026-0042, version 2" for the title and the list of versions. */
export function versionLabel(version: Pick<InvoiceVersion, 'invoice_number' | 'version'>): string {
  return `Invoice ${version.invoice_number}, version ${version.version}`;
}

/** The address of one version of a booking's invoice. */
export function invoiceHref(bookingId: string, version?: number): string {
  return `/invoice?booking=${encodeURIComponent(bookingId)}${version ? `&version=${version}` : ''}`;
}
