import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

/** One upcoming departure: places sold (bookings not cancelled) against capacity, and its enquiries. */
export interface UpcomingDeparture {
  id: string;
  title: string;
  slug: string;
  start_date: string;
  capacity: number | null;
  sold: number;
  waitlist: number;
  interest: number;
}

/** Money in one currency, in cents: instalments paid, and what bookings not cancelled still owe. */
export interface MoneyTotals {
  currency: string;
  collected_cents: number;
  outstanding_cents: number;
}

export interface WeekCounts {
  /** The Monday (Sydney) the week starts on, YYYY-MM-DD. */
  week_start: string;
  signups: number;
  bookings: number;
}

/** What public.admin_overview() returns (20261126600001_create_admin_overview.sql). */
export interface AdminOverview {
  today: string;
  members: number;
  new_members_this_month: number;
  upcoming_count: number;
  active_count: number;
  waitlist_total: number;
  interest_total: number;
  flagged_comments: number;
  unanswered_messages: number;
  money: MoneyTotals[];
  upcoming: UpcomingDeparture[];
  weeks: WeekCounts[];
}

/** Every figure of /admin in one request; admins only (anyone else gets 42501 from the database). */
export async function fetchAdminOverview(client: LoadClient = sharedClient): Promise<AdminOverview> {
  const data = unwrap(await (await client()).rpc('admin_overview'));
  // admin_overview still answers jsonb (decision 0052 lists it as left to do): the migration's shape.
  return data as unknown as AdminOverview;
}
