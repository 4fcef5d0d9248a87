/**
 * The member's bookings through supabase-js. Row-level security returns only the caller's own rows (or all,
 * for an admin), so a foreign booking id simply finds nothing.
 */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { MemberBooking } from './bookings';

/**
 * One request: the booking, its event and its instalments embedded. One string literal (no `+`), so
 * supabase-js types the rows from it.
 */
export const BOOKING_SELECT = `id, user_id, invoice_number, status, total_cents, currency, travellers, notes, created_at,
  event:events(id, title, start_date, end_date), booking_installments(id, due_date, amount_cents, paid_at)`;

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
