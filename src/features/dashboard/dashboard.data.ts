/**
 * The dashboard's three reads, in parallel: the member's bookings (event and instalments embedded, one
 * request) and two counts that transfer no rows (`head: true`). The community count is the events /events
 * lists (`countEvents(upcomingEvents())`: published, starting today or later in Sydney), by the same rule.
 */
import { dataError, sharedClient, type LoadClient } from '../../lib/supabase/data';
import { fetchMyBookings } from '../bookings/bookings.data';
import { countEvents, upcomingEvents } from '../events/events.data';
import type { MemberBooking } from '../bookings/bookings';

export interface DashboardData {
  bookings: MemberBooking[];
  /** The upcoming events /events lists. */
  publishedEvents: number;
  favourites: number;
}

async function count(
  request: PromiseLike<{
    count: number | null;
    error: { message: string; code?: string } | null;
    status: number;
  }>,
) {
  const { count: found, error, status } = await request;
  if (error) throw dataError(error, status);
  return found ?? 0;
}

export async function fetchDashboard(
  userId: string,
  client: LoadClient = sharedClient,
): Promise<DashboardData> {
  const supabase = await client();
  const [bookings, publishedEvents, favourites] = await Promise.all([
    fetchMyBookings(userId, client),
    countEvents(upcomingEvents(), client),
    count(supabase.from('favorites').select('id', { count: 'exact', head: true }).eq('user_id', userId)),
  ]);
  return { bookings, publishedEvents, favourites };
}
