// /admin/active-events and the manifest: each screen reads through ONE security-definer RPC that refuses
// anyone but an admin (migration 20261126400001). These functions only call it and shape the answer.
import { getSupabase, type BrowserSupabase } from '../../../lib/supabase/client';
import type { ListSearch } from '../search';
import { pageRange, readAllRows } from '../table/paging';

type GetClient = () => Promise<BrowserSupabase>;

/** One row of admin_active_events() (the type generator does not spell out a function's table). */
export interface ActiveEvent {
  id: string;
  slug: string;
  title: string;
  location: string | null;
  start_date: string;
  end_date: string;
  capacity: number | null;
  places_sold: number;
  travellers_named: number;
  total_count: number;
}

export interface ActiveEventsPage {
  rows: ActiveEvent[];
  total: number;
}

/** A failed call, with the database's message (a member gets 'Only admins …', code 42501). */
export class AdminDataError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AdminDataError';
  }
}

function fail(error: { message: string; code?: string } | null): void {
  if (error) throw new AdminDataError(error.message, error.code);
}

export const activeEventsKey = (search: ListSearch) => ['admin', 'active', 'events', search] as const;
export const manifestKey = (eventId: string) => ['admin', 'active', 'manifest', eventId] as const;

/** Rows `from`..`to` (inclusive) of the active events matching the list's search and sort. */
export async function fetchActiveEventsRange(
  search: ListSearch,
  from: number,
  to: number,
  getClient: GetClient = getSupabase,
): Promise<ActiveEventsPage> {
  const supabase = await getClient();
  const { data, error } = await supabase.rpc('admin_active_events', {
    p_search: search.q ?? '',
    p_sort: search.sort ?? 'start_date',
    p_dir: search.dir ?? 'asc',
    p_limit: to - from + 1,
    p_offset: from,
  });
  fail(error);
  const rows = (data ?? []) as ActiveEvent[];
  return { rows, total: rows[0]?.total_count ?? 0 };
}

/** The page of the list the address asks for. */
export function fetchActiveEvents(search: ListSearch, getClient: GetClient = getSupabase) {
  const { from, to } = pageRange(search.page ?? 1);
  return fetchActiveEventsRange(search, from, to, getClient);
}

/** Every active event matching the search, for the CSV. */
export function fetchAllActiveEvents(search: ListSearch, getClient: GetClient = getSupabase) {
  return readAllRows((from, to) => fetchActiveEventsRange(search, from, to, getClient));
}

export interface ManifestEvent {
  id: string;
  slug: string;
  title: string;
  status: string;
  location: string | null;
  start_date: string;
  end_date: string;
  capacity: number | null;
  places_sold: number;
  travellers_named: number;
}

export interface ManifestTraveller {
  traveller_id: string;
  booking_id: string;
  invoice_number: string;
  booked_by: string | null;
  booked_by_email: string | null;
  full_name: string;
  date_of_birth: string | null;
  /** Whole years on the first day of the event; null without a date of birth. */
  age_on_departure: number | null;
  phone: string | null;
  dietary_notes: string | null;
  medical_notes: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
}

export interface Manifest {
  event: ManifestEvent;
  travellers: ManifestTraveller[];
}

/** The event's manifest in one request; null when there is no such event. */
export async function fetchManifest(
  eventId: string,
  getClient: GetClient = getSupabase,
): Promise<Manifest | null> {
  const supabase = await getClient();
  const { data, error } = await supabase.rpc('admin_event_manifest', { p_event_id: eventId });
  fail(error);
  return (data ?? null) as Manifest | null;
}
