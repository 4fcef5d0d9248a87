/**
 * The enquiries screen's data (supabase/migrations/20261126500001_admin_enquiries.sql): one RPC per page of
 * each list (rows and their total in one answer), the trips with entries for the filter, and the admin's
 * changes: mark answered and remove through the tables' admin-only policies, reply through
 * public.reply_to_enquiry(). Members get 42501 from the readers and the reply, and nothing from the rest.
 */
import { getSupabase, type BrowserSupabase } from '../../../lib/supabase/client';

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

interface Common {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  created_at: string;
}
export interface WaitlistRow extends Common {
  position: number;
  event_name: string;
  event_id: string | null;
  notes: string | null;
  marketing_consent: boolean;
  contacted_at: string | null;
}
export interface InterestRow extends Common {
  event_name: string;
  event_id: string | null;
  message: string | null;
  marketing_consent: boolean;
  handled_at: string | null;
}
export interface ContactRow extends Common {
  message: string;
  handled_at: string | null;
}
export interface EnquiryRows {
  waitlist: WaitlistRow;
  interest: InterestRow;
  contact: ContactRow;
}
export type AnyEnquiryRow = EnquiryRows[EnquiryKind];

export interface Page<Row> {
  rows: Row[];
  /** Rows matching the search and filters; null when the page is past the end (no row carries it). */
  total: number | null;
}

const READERS = {
  waitlist: 'admin_waitlist_entries',
  interest: 'admin_interest_registrations',
  contact: 'admin_contact_messages',
} as const;

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

/** Rows from..to (inclusive) of one list, as the search and filters select them. */
export async function fetchEnquiries<Kind extends EnquiryKind>(
  kind: Kind,
  query: EnquiryQuery,
  from: number,
  to: number,
  client?: BrowserSupabase,
): Promise<Page<EnquiryRows[Kind]>> {
  const supabase = client ?? (await getSupabase());
  const args = {
    ...(kind !== 'contact' && query.event ? { event_filter: query.event } : {}),
    ...(query.q?.trim() ? { search: query.q.trim() } : {}),
    ...(query.show ? { show: query.show } : {}),
    ...(query.sort ? { sort_by: query.sort, sort_dir: query.dir ?? 'asc' } : {}),
    page_size: to - from + 1,
    page_offset: from,
  };
  const { data, error } = await supabase.rpc(READERS[kind], args);
  if (error) throw error;
  // The generated types do not describe a function's table result; the migration does.
  const rows = (data ?? []) as unknown as (EnquiryRows[Kind] & { total_count: number })[];
  return { rows, total: rows.length ? Number(rows[0]!.total_count) : from === 0 ? 0 : null };
}

export interface EnquiryEvent {
  event_name: string;
  entries: number;
  open_entries: number;
}

/** The trips that have waitlist entries or interest registrations, for the trip filter. */
export async function fetchEnquiryEvents(
  kind: 'waitlist' | 'interest',
  client?: BrowserSupabase,
): Promise<EnquiryEvent[]> {
  const supabase = client ?? (await getSupabase());
  const { data, error } = await supabase.rpc('admin_enquiry_events', { kind });
  if (error) throw error;
  return ((data ?? []) as EnquiryEvent[]).map((event) => ({
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
  client?: BrowserSupabase,
): Promise<void> {
  const supabase = client ?? (await getSupabase());
  const value = done ? new Date().toISOString() : null;
  const request =
    kind === 'waitlist'
      ? supabase.from('waitlist_submissions').update({ contacted_at: value })
      : supabase.from(TABLES[kind]).update({ handled_at: value });
  const { data, error } = await request.eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw new EnquiryGoneError();
}

/** Removes an enquiry for good (the audit log keeps what it held). */
export async function removeEnquiry(kind: EnquiryKind, id: string, client?: BrowserSupabase): Promise<void> {
  const supabase = client ?? (await getSupabase());
  const { data, error } = await supabase.from(TABLES[kind]).delete().eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw new EnquiryGoneError();
}

/** Sends the admin's reply to the enquirer's own address and marks the enquiry answered; returns it. */
export async function replyToEnquiry(
  kind: EnquiryKind,
  id: string,
  reply: { subject: string; body: string },
  client?: BrowserSupabase,
): Promise<string> {
  const supabase = client ?? (await getSupabase());
  const { data, error } = await supabase.rpc('reply_to_enquiry', {
    kind,
    enquiry_id: id,
    subject: reply.subject.trim(),
    body: reply.body.trim(),
  });
  if (error) {
    if (error.code === 'P0002') throw new EnquiryGoneError();
    throw error;
  }
  return data;
}
