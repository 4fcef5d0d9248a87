// /admin/active-events and the manifest: each screen reads through ONE security-definer RPC that refuses
// anyone but an admin (migrations 20261126400001, 20261129200001). These functions only call it and shape
// the answer; a failure is a DataError with the database's message (a member gets 'Only admins …', 42501).
import type { Database } from '../../../lib/supabase/database.types';
import {
  DataError,
  sharedClient,
  unwrap,
  type Composite,
  type LoadClient,
  type Result,
  type SuccessData,
} from '../../../lib/supabase/data';
import type { ListSearch } from '../search';
import { pageOf, pageRange, readAllRows, type WithNulls } from '../table/paging';

type ActiveEventRecord = Database['public']['Functions']['admin_active_events']['Returns'][number];
/** One row of admin_active_events(): an event without a location or a capacity has null there. */
export type ActiveEvent = Omit<WithNulls<ActiveEventRecord, 'location' | 'capacity'>, 'total_count'>;

export interface ActiveEventsPage {
  rows: ActiveEvent[];
  total: number;
}

/** A failed call: a DataError under this screen's own name, which its callers and tests know it by. */
export class AdminDataError extends DataError {
  override name = 'AdminDataError';
}

/** The data of a result, or its error thrown as an AdminDataError. */
function adminResult<R extends Result>(result: R): SuccessData<R> {
  try {
    return unwrap(result);
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    throw new AdminDataError(error.message, error.code, error.status, error.hint);
  }
}

export const activeEventsKey = (search: ListSearch) => ['admin', 'active', 'events', search] as const;
export const manifestKey = (eventId: string) => ['admin', 'active', 'manifest', eventId] as const;

/** Rows `from`..`to` (inclusive) of the active events matching the list's search and sort. */
export async function fetchActiveEventsRange(
  search: ListSearch,
  from: number,
  to: number,
  client: LoadClient = sharedClient,
): Promise<ActiveEventsPage> {
  const records = adminResult(
    await (
      await client()
    ).rpc('admin_active_events', {
      search: search.q ?? '',
      sort: search.sort ?? 'start_date',
      direction: search.dir ?? 'asc',
      page_size: to - from + 1,
      page_offset: from,
    }),
  );
  const { rows, total } = pageOf(records, from);
  return { rows, total: total ?? 0 };
}

/** The page of the list the address asks for. */
export function fetchActiveEvents(search: ListSearch, client: LoadClient = sharedClient) {
  const { from, to } = pageRange(search.page ?? 1);
  return fetchActiveEventsRange(search, from, to, client);
}

/** Every active event matching the search, for the CSV. */
export function fetchAllActiveEvents(search: ListSearch, client: LoadClient = sharedClient) {
  return readAllRows((from, to) => fetchActiveEventsRange(search, from, to, client));
}

/** The event of a manifest (public.manifest_event): its places sold and travellers named. */
export type ManifestEvent = Composite<'manifest_event', 'location' | 'capacity'>;

/**
 * One traveller of a manifest (public.manifest_traveller). age_on_departure: whole years on the first day
 * of the event; null without a date of birth.
 */
export type ManifestTraveller = Composite<
  'manifest_traveller',
  | 'booked_by'
  | 'booked_by_email'
  | 'date_of_birth'
  | 'age_on_departure'
  | 'phone'
  | 'dietary_notes'
  | 'medical_notes'
  | 'emergency_contact_name'
  | 'emergency_contact_phone'
>;

export interface Manifest {
  event: ManifestEvent;
  travellers: ManifestTraveller[];
}

/** The event's manifest in one request; null when there is no such event. */
export async function fetchManifest(
  eventId: string,
  client: LoadClient = sharedClient,
): Promise<Manifest | null> {
  const row = adminResult(
    await (await client()).rpc('admin_event_manifest', { p_event_id: eventId }).maybeSingle(),
  );
  // Typed by the composites; the attributes the function always fills are narrowed to present.
  return row as Manifest | null;
}
