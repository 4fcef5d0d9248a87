/**
 * The member's bookings through supabase-js. Row-level security returns only the caller's own rows (or all,
 * for an admin), so a foreign booking id simply finds nothing.
 */
import { DataError, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { MemberBooking } from './bookings';

/**
 * One request: the booking, its event, instalments, payments, payment notices and reminders embedded. One string
 * literal (no `+`), so supabase-js types the rows from it.
 */
export const BOOKING_SELECT = `id, user_id, invoice_number, status, total_cents, deposit_cents, currency, travellers, notes, created_at, hold_expires_at, bank_reference, cancellation_requested_at,
  event:events(id, title, start_date, end_date, status), booking_installments(id, due_date, amount_cents), payments(id, amount_cents, received_on, reference, payment_refunds(id, amount_cents, surcharge_cents, refunded_at)), payment_notices(id, amount_cents, paid_on, note, payment_id, created_at), payment_reminders(id, kind, sequence, due_date, amount_cents, sent_on)`;

/** The signed-in member's own bookings, oldest first. Admins see every booking, so filter by user. */
export async function fetchMyBookings(
  userId: string,
  client: LoadClient = sharedClient,
): Promise<MemberBooking[]> {
  const supabase = await client();
  const rows = unwrap(
    await supabase
      .from('bookings')
      .select(BOOKING_SELECT)
      .eq('user_id', userId)
      .order('created_at', { ascending: true }),
  );
  return rows;
}

/** One booking the caller may read, or null (unknown, or someone else's). */
export async function fetchBooking(
  bookingId: string,
  client: LoadClient = sharedClient,
): Promise<MemberBooking | null> {
  const supabase = await client();
  const row = unwrap(
    await supabase.from('bookings').select(BOOKING_SELECT).eq('id', bookingId).maybeSingle(),
  );
  return row;
}

/** The day the member's changes to the booking's travellers close (null: not theirs). */
export async function fetchTravellerChangesCloseOn(
  bookingId: string,
  client: LoadClient = sharedClient,
): Promise<string | null> {
  const supabase = await client();
  return unwrap(await supabase.rpc('traveller_changes_close_on', { p_booking_id: bookingId }));
}

/** Asks the company to cancel the booking (once; the database refuses anything else with a reason). */
export async function requestCancellation(
  bookingId: string,
  reason: string | null,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(
    await supabase.rpc(
      'request_cancellation',
      reason ? { p_booking_id: bookingId, p_reason: reason } : { p_booking_id: bookingId },
    ),
  );
}

export interface PaymentNoticeValues {
  amount_cents: number;
  paid_on: string;
  note: string | null;
}

/** Tells the company about a bank transfer toward the booking (public.payment_notices). */
export async function sendPaymentNotice(
  bookingId: string,
  values: PaymentNoticeValues,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.from('payment_notices').insert({ booking_id: bookingId, ...values }));
}

/**
 * Withdraws the member's own pending notice (row-level security: only theirs, only while pending). Nothing
 * deleted means it was matched to a recorded payment meanwhile, or withdrawn already.
 */
export async function withdrawPaymentNotice(
  noticeId: string,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  const data = unwrap(await supabase.from('payment_notices').delete().eq('id', noticeId).select('id'));
  if (!data.length)
    throw new DataError('This payment is no longer pending: we may have recorded it already.');
}
