/**
 * The enquiries screen's data (supabase/migrations/20261126500001_admin_enquiries.sql, the lists' contract
 * in 20261129200001): one RPC per page of each list (rows and their total in one answer), the trips with
 * entries for the filter, and the admin's changes: mark answered and remove through the tables' admin-only
 * policies, reply through public.reply_to_enquiry(). Members get 42501 from the readers and the reply, and
 * nothing from the rest. Failures are DataErrors, except a vanished enquiry (EnquiryGoneError).
 */
import type { Database } from '../../../lib/supabase/database.types';
import {
  errorCode,
  sharedClient,
  unwrap,
  type BrowserSupabase,
  type LoadClient,
} from '../../../lib/supabase/data';
import { pageOf, type ListPage, type WithNulls } from '../table/paging';

export type EnquiryKind = 'waitlist' | 'interest' | 'contact';
export const ENQUIRY_KINDS: readonly EnquiryKind[] = ['waitlist', 'interest', 'contact'];
export type EnquiryShow = 'open' | 'done';

export interface EnquiryQuery {
  event?: string | undefined;
  q?: string | undefined;
  show?: EnquiryShow | undefined;
  sort?: string | undefined;
  dir?: 'asc' | 'desc' | undefined;
}

type Functions = Database['public']['Functions'];
type Record<Name extends keyof Functions> = Functions[Name]['Returns'] extends (infer Row)[] ? Row : never;

/** One waitlist entry: its place in its trip's queue, and what the visitor left out as null. */
export type WaitlistRow = Omit<
  WithNulls<
    Record<'admin_waitlist_entries'>,
    | 'event_id'
    | 'phone'
    | 'notes'
    | 'contacted_at'
    | 'offer_id'
    | 'offer_state'
    | 'offer_places'
    | 'offer_expires_at'
    | 'offer_event_title'
  >,
  'total_count'
>;
export type InterestRow = Omit<
  WithNulls<Record<'admin_interest_registrations'>, 'event_id' | 'phone' | 'message' | 'handled_at'>,
  'total_count'
>;
export type ContactRow = Omit<
  WithNulls<Record<'admin_contact_messages'>, 'phone' | 'handled_at'>,
  'total_count'
>;
export interface EnquiryRows {
  waitlist: WaitlistRow;
  interest: InterestRow;
  contact: ContactRow;
}
export type AnyEnquiryRow = EnquiryRows[EnquiryKind];

/** Rows matching the search and filters; total null when the page is past the end (no row carries it). */
export type Page<Row> = ListPage<Row>;

/** The column an admin's "answered" mark sets, per list. */
export const DONE_COLUMN = {
  waitlist: 'contacted_at',
  interest: 'handled_at',
  contact: 'handled_at',
} as const;

const TABLES = {
  waitlist: 'waitlist_submissions',
  interest: 'interest_registrations',
  contact: 'contact_messages',
} as const;

/** The arguments every list takes (decision 0052): the search, the open/done filter, the sort, the page. */
function listArguments(query: EnquiryQuery, from: number, to: number) {
  return {
    ...(query.q?.trim() ? { search: query.q.trim() } : {}),
    ...(query.show ? { filter: query.show } : {}),
    ...(query.sort ? { sort: query.sort, direction: query.dir ?? 'asc' } : {}),
    page_size: to - from + 1,
    page_offset: from,
  };
}

/** One list's rows from..to, each carrying the total. */
async function readList(
  kind: EnquiryKind,
  query: EnquiryQuery,
  from: number,
  to: number,
  supabase: BrowserSupabase,
) {
  const args = listArguments(query, from, to);
  const event = query.event ? { event: query.event } : {};
  if (kind === 'waitlist') return unwrap(await supabase.rpc('admin_waitlist_entries', { ...args, ...event }));
  if (kind === 'interest')
    return unwrap(await supabase.rpc('admin_interest_registrations', { ...args, ...event }));
  return unwrap(await supabase.rpc('admin_contact_messages', args));
}

/** Rows from..to (inclusive) of one list, as the search and filters select them. */
export async function fetchEnquiries<Kind extends EnquiryKind>(
  kind: Kind,
  query: EnquiryQuery,
  from: number,
  to: number,
  client: LoadClient = sharedClient,
): Promise<Page<EnquiryRows[Kind]>> {
  const records = await readList(kind, query, from, to, await client());
  // readList answered the rows of `kind`'s own function, which TypeScript cannot follow through the generic.
  return pageOf<(typeof records)[number]>(records, from) as Page<EnquiryRows[Kind]>;
}

/** A trip with entries, for the trip filter: how many, and how many nobody answered yet. */
export type EnquiryEvent = Record<'admin_enquiry_events'>;

/** The trips that have waitlist entries or interest registrations, for the trip filter. */
export async function fetchEnquiryEvents(
  kind: 'waitlist' | 'interest',
  client: LoadClient = sharedClient,
): Promise<EnquiryEvent[]> {
  const events = unwrap(await (await client()).rpc('admin_enquiry_events', { kind }));
  return events.map((event) => ({
    ...event,
    entries: Number(event.entries),
    open_entries: Number(event.open_entries),
  }));
}

/** Thrown when the row is gone (removed by another admin) or the caller may not change it. */
export class EnquiryGoneError extends Error {
  constructor() {
    super('This enquiry no longer exists.');
    this.name = 'EnquiryGoneError';
  }
}

/**
 * Marks an enquiry answered (contacted, handled) or open again. The database stamps the time itself, so the
 * time sent here only says "now".
 */
export async function setEnquiryDone(
  kind: EnquiryKind,
  id: string,
  done: boolean,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  const value = done ? new Date().toISOString() : null;
  const request =
    kind === 'waitlist'
      ? supabase.from('waitlist_submissions').update({ contacted_at: value })
      : supabase.from(TABLES[kind]).update({ handled_at: value });
  const data = unwrap(await request.eq('id', id).select('id'));
  if (!data.length) throw new EnquiryGoneError();
}

/** Removes an enquiry for good (the audit log keeps what it held). */
export async function removeEnquiry(
  kind: EnquiryKind,
  id: string,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  const data = unwrap(await supabase.from(TABLES[kind]).delete().eq('id', id).select('id'));
  if (!data.length) throw new EnquiryGoneError();
}

/** Sends the admin's reply to the enquirer's own address and marks the enquiry answered; returns it. */
export async function replyToEnquiry(
  kind: EnquiryKind,
  id: string,
  reply: { subject: string; body: string },
  client: LoadClient = sharedClient,
): Promise<string> {
  const supabase = await client();
  try {
    return unwrap(
      await supabase.rpc('reply_to_enquiry', {
        kind,
        enquiry_id: id,
        subject: reply.subject.trim(),
        body: reply.body.trim(),
      }),
    );
  } catch (error) {
    // The enquiry was removed meanwhile (P0002): the screen says so instead of a bare failure.
    if (errorCode(error) === 'P0002') throw new EnquiryGoneError();
    throw error;
  }
}

/**
 * Offers places on the entry's departure by hand (public.admin_offer_waitlist_place, decision 0082): the
 * database checks the places are free and e-mails the link. A refusal is a DataError with the database's
 * sentence (e.g. 'no places are free on this departure') and its hint.
 */
export async function offerWaitlistPlaces(
  entryId: string,
  places: number,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.rpc('admin_offer_waitlist_place', { p_entry_id: entryId, p_places: places }));
}

/** Withdraws an open offer: its places are free again and the next run of the job offers them on. */
export async function withdrawWaitlistOffer(
  offerId: string,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.rpc('admin_withdraw_waitlist_offer', { p_offer_id: offerId }));
}
