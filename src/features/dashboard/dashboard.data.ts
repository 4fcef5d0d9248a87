/**
 * The dashboard's three reads, in parallel: the member's bookings (event and instalments embedded, one
 * request) and two counts that transfer no rows (`head: true`).
 */
import { getSupabase } from '../../lib/supabase/client';
import { fetchMyBookings } from '../bookings/bookings.data';
import type { MemberBooking } from '../bookings/bookings';

export interface DashboardData {
  bookings: MemberBooking[];
  publishedEvents: number;
  favourites: number;
}

async function count(request: PromiseLike<{ count: number | null; error: { message: string } | null }>) {
  const { count: found, error } = await request;
  if (error) throw new Error(error.message);
  return found ?? 0;
}

export async function fetchDashboard(userId: string): Promise<DashboardData> {
  const supabase = await getSupabase();
  const [bookings, publishedEvents, favourites] = await Promise.all([
    fetchMyBookings(userId),
    count(supabase.from('events').select('id', { count: 'exact', head: true }).eq('status', 'published')),
    count(supabase.from('favorites').select('id', { count: 'exact', head: true }).eq('user_id', userId)),
  ]);
  return { bookings, publishedEvents, favourites };
}
