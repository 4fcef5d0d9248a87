/**
 * The event updates screen's data (supabase/migrations/20261127200001_send_event_updates.sql, rich since
 * 20261128100003): the events to write for, one page of the updates sent with their reach, and the send,
 * one RPC that writes the update and queues every e-mail in one transaction. Members get 42501 from the
 * send and nothing they may not read.
 */
import type { Database, Json } from '../../../lib/supabase/database.types';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import { fetchEventChoices, PICKER_PHASES, type EventChoice } from '../events/events.data';
import { pageRange, PAGE_SIZE } from '../table/paging';

export type Segment = 'followers' | 'travellers' | 'waitlist' | 'all';
export const SEGMENTS: readonly { value: Segment; label: string; help: string }[] = [
  {
    value: 'followers',
    label: 'Followers',
    help: 'Members following the event (travellers see it in-app too).',
  },
  { value: 'travellers', label: 'Travellers booked', help: 'Booking notice: e-mailed to every traveller.' },
  { value: 'waitlist', label: 'Waitlist', help: 'People on the event’s waitlist.' },
  { value: 'all', label: 'All members', help: 'Every member, in-app; e-mail to those who consented.' },
];

/** An event the update can be for (its phase: a published event that has ended reads completed). */
export type UpdateEvent = EventChoice;

export interface SentUpdate {
  id: string;
  title: string;
  segment: Segment;
  in_app_count: number;
  email_count: number;
  created_at: string;
  events: { title: string } | null;
}

/** The send's answer: the update's id, how many members see it in the app, how many e-mails were queued. */
export type Reach = Database['public']['Functions']['send_event_update']['Returns'][number];

/**
 * Every event for the event select: those still to run first (an update is mostly news before a trip), then
 * completed ones (photos, thanks), then cancelled ones (refund news).
 */
export function listUpdateEvents(client: LoadClient = sharedClient): Promise<UpdateEvent[]> {
  return fetchEventChoices(PICKER_PHASES, client);
}

/** The history's sort keys: columns of event_updates. */
export const SENT_SORTS = ['created_at', 'title', 'segment', 'in_app_count', 'email_count'] as const;
export type SentSort = (typeof SENT_SORTS)[number];

export interface SentQuery {
  /** Words in the title. */
  search?: string | undefined;
  sort?: SentSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
  /** A row range instead of a page (the export's batches). */
  range?: { from: number; to: number } | undefined;
}

/** `%`, `_` and `\` match themselves in the title search, not as ilike's wildcards. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the updates sent (newest first unless sorted) and how many match, in one request. */
export async function listSentUpdates(
  query: SentQuery = {},
  client: LoadClient = sharedClient,
): Promise<{ rows: SentUpdate[]; total: number }> {
  const supabase = await client();
  const { from, to } = query.range ?? pageRange(query.page ?? 1, query.pageSize ?? PAGE_SIZE);
  let request = supabase
    .from('event_updates')
    .select('id, title, segment, in_app_count, email_count, created_at, events(title)', { count: 'exact' });
  const words = query.search?.trim();
  if (words) request = request.ilike('title', likePattern(words));
  const result = await request
    .order(query.sort ?? 'created_at', { ascending: query.dir === 'asc' })
    .order('id')
    .range(from, to);
  // The segment column is text that a CHECK holds to the four Segment values.
  return { rows: unwrap(result) as SentUpdate[], total: result.count ?? 0 };
}

/** Who a send would reach now: members reading it in the app, e-mails it would queue (decision 0063). */
export interface UpdateReach {
  in_app: number;
  email: number;
}

/** The reach of a send to `segment` of the event, counted by the send's own parts before anything is sent. */
export async function fetchUpdateReach(
  eventId: string,
  segment: Segment,
  client: LoadClient = sharedClient,
): Promise<UpdateReach> {
  const supabase = await client();
  return unwrap(await supabase.rpc('event_update_reach', { event_id: eventId, segment }).single());
}

/** The reach in words, as the screen shows it before the Send button and in the confirm step. */
export function reachSentence(reach: UpdateReach): string {
  if (reach.in_app === 0 && reach.email === 0)
    return 'This update will reach nobody: no member is in this group and no e-mail will be sent.';
  const members = `${reach.in_app.toLocaleString('en-AU')} ${reach.in_app === 1 ? 'member' : 'members'}`;
  return `This update will reach ${members} in-app and ${reach.email.toLocaleString('en-AU')} by e-mail.`;
}

/** A refusal the admin can act on (bad field, unknown event), with the database's own words. */
export class SendRefusedError extends Error {}

export interface UpdateToSend {
  eventId: string;
  title: string;
  /** The editor's document (Tiptap JSON); the database checks it and renders it. */
  body: Json;
  segment: Segment;
  /** An image uploaded to update-images, with its alt text. */
  image?: { path: string; alt: string } | null;
}

/** Sends the update; the answer is how many members see it in-app and how many e-mails were queued. */
export async function sendEventUpdate(
  update: UpdateToSend,
  client: LoadClient = sharedClient,
): Promise<Reach> {
  const supabase = await client();
  const result = await supabase
    .rpc('send_event_update', {
      event_id: update.eventId,
      title: update.title.trim(),
      body_doc: update.body,
      segment: update.segment,
      ...(update.image ? { image_path: update.image.path, image_alt: update.image.alt.trim() } : {}),
    })
    .single();
  if (result.error?.code === '22023') throw new SendRefusedError(result.error.message);
  return unwrap(result);
}
