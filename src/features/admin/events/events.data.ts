/**
 * /admin/events and /admin/event-management: the admin's reads and writes of events, straight to the
 * events table. Row-level security lets only admins see drafts and write at all (events_*_admin); the
 * database names the slug, records every change in the audit log and, on cancellation, queues the
 * followers' and travellers' e-mail (decision 0035). One request per list page (the rows and the count).
 */
import type { Database } from '../../../lib/supabase/database.types';
import {
  dataError,
  sharedClient,
  unwrap,
  type BrowserSupabase,
  type LoadClient,
} from '../../../lib/supabase/data';
import type { ListSearch } from '../search';
import { pageRange } from '../table/paging';

export type EventStatus = Database['public']['Enums']['event_status'];
export const EVENT_STATUSES: readonly EventStatus[] = ['draft', 'published', 'completed', 'cancelled'];

/**
 * An event as the list shows it (public.admin_events): `phase` is its status as the company lives it, a
 * published event whose last day has passed in Sydney reading 'completed' (private.event_phase, decision
 * 0063), which the list's tabs filter by and the Status column shows. `status` is the stored one.
 */
export interface AdminEventRow {
  id: string;
  slug: string;
  title: string;
  location: string | null;
  status: EventStatus;
  badge: string;
  start_date: string;
  end_date: string;
  price_cents: number | null;
  currency: string;
  max_registrations: number | null;
  trip_slug: string | null;
  updated_at: string;
  phase: EventStatus;
}

export type AdminEvent = Omit<AdminEventRow, 'phase'> & {
  description: string | null;
  event_type: string;
  image_paths: string[];
  bookings_open_on: string | null;
  bookings_close_on: string | null;
  deposit_per_traveller_cents: number | null;
  payment_plan_id: string | null;
  next_room_priority_days: number | null;
  gst_treatment: string;
  /** The standard plan's parts, for an event without a plan template (not edited here). */
  balance_instalments: number;
  traveller_changes_close_days: number | null;
};

/** What the form saves: the columns an admin edits. */
export type EventValues = Pick<
  AdminEvent,
  | 'title'
  | 'description'
  | 'location'
  | 'start_date'
  | 'end_date'
  | 'bookings_open_on'
  | 'bookings_close_on'
  | 'traveller_changes_close_days'
  | 'price_cents'
  | 'currency'
  | 'max_registrations'
  | 'event_type'
  | 'trip_slug'
  | 'badge'
  | 'image_paths'
  | 'deposit_per_traveller_cents'
  | 'payment_plan_id'
  | 'next_room_priority_days'
  | 'gst_treatment'
>;

const ROW_COLUMNS =
  'id, slug, title, location, status, badge, start_date, end_date, price_cents, currency, max_registrations, trip_slug, updated_at';
const LIST_COLUMNS = `${ROW_COLUMNS}, phase`;
const EVENT_COLUMNS = `${ROW_COLUMNS}, description, event_type, image_paths, bookings_open_on, bookings_close_on, deposit_per_traveller_cents, payment_plan_id, next_room_priority_days, gst_treatment, balance_instalments, traveller_changes_close_days`;

/** The columns the list sorts by (the column ids of its table); anything else sorts by start date. */
export const SORTABLE = ['title', 'start_date', 'phase', 'location', 'price_cents', 'updated_at'] as const;
type SortKey = (typeof SORTABLE)[number];

/**
 * The text typed into the search box as a quoted PostgREST ilike value for or(): LIKE's own wildcards
 * and the backslash match themselves, and quotes and backslashes are escaped for the quoted value.
 */
export function quoted(text: string): string {
  const like = text.trim().replace(/[\\%_]/g, (char) => `\\${char}`);
  return `"*${like.replace(/[\\"]/g, (char) => `\\${char}`)}*"`;
}

function listQuery(supabase: BrowserSupabase, search: ListSearch) {
  let query = supabase.from('admin_events').select(LIST_COLUMNS, { count: 'exact' });
  if (search.filter && (EVENT_STATUSES as readonly string[]).includes(search.filter))
    query = query.eq('phase', search.filter as EventStatus);
  const text = search.q?.trim();
  if (text) {
    const value = quoted(text);
    query = query.or(`title.ilike.${value},location.ilike.${value},slug.ilike.${value}`);
  }
  const sort: SortKey = (SORTABLE as readonly string[]).includes(search.sort ?? '')
    ? (search.sort as SortKey)
    : 'start_date';
  const ascending = search.sort ? search.dir !== 'desc' : false;
  return query.order(sort, { ascending, nullsFirst: false }).order('id', { ascending: true });
}

/** Rows from..to (inclusive) of the list and the number of events matching the search and filter. */
export async function listEventsRange(
  search: ListSearch,
  from: number,
  to: number,
  client: LoadClient = sharedClient,
): Promise<{ rows: AdminEventRow[]; total: number }> {
  const result = await listQuery(await client(), search).range(from, to);
  // A view's columns are typed nullable; those of public.events it shows are not null.
  return { rows: unwrap(result) as AdminEventRow[], total: result.count ?? 0 };
}

/** The page of the list the address asks for, and the number of events matching. */
export function listEvents(search: ListSearch, client: LoadClient = sharedClient) {
  const { from, to } = pageRange(search.page ?? 1);
  return listEventsRange(search, from, to, client);
}

/** Phases an event picker offers, in the order it offers them: upcoming and running first. */
export const PICKER_PHASES = ['published', 'draft', 'completed', 'cancelled'] as const;

export interface EventChoice {
  id: string;
  title: string;
  start_date: string;
  phase: EventStatus;
}

/**
 * The events a picker offers, in the given phases: those still to run (and running) first, soonest first,
 * then completed ones, latest first, then cancelled ones. The phase is the database's (decision 0063).
 */
export async function fetchEventChoices(
  phases: readonly EventStatus[],
  client: LoadClient = sharedClient,
): Promise<EventChoice[]> {
  const supabase = await client();
  // The latest 500 departures (a view's columns are typed nullable; the table's are not null).
  const rows = unwrap(
    await supabase
      .from('admin_events')
      .select('id, title, start_date, phase')
      .in('phase', [...phases])
      .order('start_date', { ascending: false })
      .order('id')
      .limit(500),
  ) as EventChoice[];
  const ended = (phase: EventStatus) => phase === 'completed' || phase === 'cancelled';
  const upcoming = rows.filter((row) => !ended(row.phase)).reverse();
  const completed = rows.filter((row) => row.phase === 'completed');
  const cancelled = rows.filter((row) => row.phase === 'cancelled');
  return [...upcoming, ...completed, ...cancelled];
}

/** One event to edit, or null when there is none (or the caller may not see it). */
export async function readEvent(id: string, client: LoadClient = sharedClient): Promise<AdminEvent | null> {
  const supabase = await client();
  return unwrap(await supabase.from('events').select(EVENT_COLUMNS).eq('id', id).maybeSingle());
}

export type SaveOutcome = { outcome: 'saved'; id: string } | { outcome: 'refused'; message: string };

/**
 * The booking window's CHECKs of public.events (02_events.sql), by name, and what they tell the admin.
 * The form checks the same first (event-rules.ts); PostgREST passes on Postgres's message, which names
 * the constraint, so a save the form did not check still gets words the admin can act on.
 */
const REFUSED_BY_CONSTRAINT: Record<string, string> = {
  events_booking_window_in_order: 'The event was not saved: bookings cannot close before they open.',
  events_bookings_before_departure:
    'The event was not saved: bookings must open and close before the start date.',
  events_priority_needs_opening_day:
    'The event was not saved: a limited release needs the day bookings open.',
  events_payment_plan_id_fkey: 'The event was not saved: its payment plan was deleted. Choose another.',
};

/** A refusal the admin can act on (a CHECK, or not being allowed), else the error goes on. */
function refusal(error: { code?: string; message: string }): SaveOutcome {
  const constraint =
    error.code === '23514' || error.code === '23503'
      ? /constraint "([a-z_]+)"/.exec(error.message)?.[1]
      : undefined;
  const named = constraint && REFUSED_BY_CONSTRAINT[constraint];
  if (named) return { outcome: 'refused', message: named };
  if (error.code === '23514' || error.code === '22007' || error.code === '22008')
    return {
      outcome: 'refused',
      message: 'The event was not saved: a field has a value the database refuses.',
    };
  if (error.code === '42501') return { outcome: 'refused', message: 'Only admins can change events.' };
  throw dataError(error);
}

/** A new event, always a draft: it is published on its own step. */
export async function createEvent(
  values: EventValues,
  client: LoadClient = sharedClient,
): Promise<SaveOutcome> {
  const { data, error } = await (
    await client()
  )
    .from('events')
    .insert({ ...values, status: 'draft' })
    .select('id')
    .single();
  if (error) return refusal(error);
  return { outcome: 'saved', id: data.id };
}

export async function updateEvent(
  id: string,
  values: EventValues,
  client: LoadClient = sharedClient,
): Promise<SaveOutcome> {
  const { data, error } = await (await client()).from('events').update(values).eq('id', id).select('id');
  if (error) return refusal(error);
  if (data.length !== 1) return { outcome: 'refused', message: 'This event no longer exists.' };
  return { outcome: 'saved', id };
}

/**
 * Publish (draft → published), unpublish (published → draft) or cancel (→ cancelled; the database mails
 * followers and travellers). The current status is part of the filter, so a stale screen changes nothing.
 */
export async function changeEventStatus(
  id: string,
  from: EventStatus,
  to: EventStatus,
  client: LoadClient = sharedClient,
): Promise<boolean> {
  const supabase = await client();
  const data = unwrap(
    await supabase.from('events').update({ status: to }).eq('id', id).eq('status', from).select('id'),
  );
  return data.length === 1;
}
