import type { Database } from '../../../lib/supabase/database.types';
import { sharedClient, unwrap, type Composite, type LoadClient } from '../../../lib/supabase/data';

/**
 * One upcoming departure: places sold (bookings not cancelled) against capacity, and its enquiries.
 * public.overview_departure; only the capacity may be null (no limit).
 */
export type UpcomingDeparture = Composite<'overview_departure', 'capacity'>;

/** Money in one currency, in cents: instalments paid, and what bookings not cancelled still owe. */
export type MoneyTotals = Composite<'overview_money'>;

/** One week: its Monday (Sydney, YYYY-MM-DD), sign-ups and bookings made in it. */
export type WeekCounts = Composite<'overview_week'>;

type OverviewRow = Database['public']['Functions']['admin_overview']['Returns'][number];

/** What public.admin_overview() returns: one row, its lists typed by the composites above. */
export type AdminOverview = Omit<OverviewRow, 'money' | 'upcoming' | 'weeks'> & {
  money: MoneyTotals[];
  upcoming: UpcomingDeparture[];
  weeks: WeekCounts[];
};

/** Every figure of /admin in one request; admins only (anyone else gets 42501 from the database). */
export async function fetchAdminOverview(client: LoadClient = sharedClient): Promise<AdminOverview> {
  const row = unwrap(await (await client()).rpc('admin_overview').single());
  // Composite attributes are typed nullable; the function fills every one (coalesce) but the capacity.
  return row as AdminOverview;
}
