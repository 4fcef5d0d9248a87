/**
 * A booking's tax invoice through supabase-js: its versions as issued, its payments and what it has paid.
 * Row-level security returns the caller's own booking (any, for an admin); someone else's is not found.
 */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { InvoiceVersion } from './invoices';

/** One string literal, so supabase-js types the rows from it. */
export const INVOICE_SELECT = `id, status, bank_reference,
  invoice_versions(version, issued_at, invoice_number, bill_to, event_title, departs_on, currency, gst_treatment, lines, total_cents, gst_cents, cancelled),
  payments(id, amount_cents, received_on, reference)`;

export interface InvoicePayment {
  id: string;
  amount_cents: number;
  received_on: string;
  reference: string | null;
}

export interface BookingInvoice {
  bookingId: string;
  status: string;
  bankReference: string | null;
  /** Oldest first. */
  versions: InvoiceVersion[];
  /** Oldest first. */
  payments: InvoicePayment[];
  /** What the booking has paid (booking_balances: its payments, or instalments marked paid before them). */
  paidCents: number;
}

/** The booking's invoice in two requests at once, or null when the caller may not read the booking. */
export async function fetchInvoice(
  bookingId: string,
  client: LoadClient = sharedClient,
): Promise<BookingInvoice | null> {
  const supabase = await client();
  const [booking, balance] = await Promise.all([
    supabase.from('bookings').select(INVOICE_SELECT).eq('id', bookingId).maybeSingle(),
    supabase.from('booking_balances').select('paid_cents').eq('booking_id', bookingId).maybeSingle(),
  ]);
  const row = unwrap(booking);
  const paid = unwrap(balance);
  if (!row) return null;
  return {
    bookingId: row.id,
    status: row.status,
    bankReference: row.bank_reference,
    versions: [...(row.invoice_versions as unknown as InvoiceVersion[])].sort(
      (a, b) => a.version - b.version,
    ),
    payments: [...row.payments].sort((a, b) => a.received_on.localeCompare(b.received_on)),
    paidCents: paid?.paid_cents ?? 0,
  };
}
