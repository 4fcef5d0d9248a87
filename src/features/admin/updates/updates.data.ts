/**
 * The event updates screen's data (supabase/migrations/20261127200001_send_event_updates.sql): the events
 * to write for, the updates sent with their reach, and the send, one RPC that writes the update and queues
 * every e-mail in one transaction. Members get 42501 from the send and nothing they may not read.
 */
import { getSupabase, type BrowserSupabase } from '../../../lib/supabase/client';

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

export interface UpdateEvent {
  id: string;
  title: string;
  start_date: string;
  status: string;
}

export interface SentUpdate {
  id: string;
  title: string;
  segment: Segment;
  in_app_count: number;
  email_count: number;
  created_at: string;
  events: { title: string } | null;
}

export interface Reach {
  id: string;
  in_app: number;
  email: number;
}

/** Every event, newest departure first, for the event select. */
export async function listUpdateEvents(client?: BrowserSupabase): Promise<UpdateEvent[]> {
  const supabase = client ?? (await getSupabase());
  const { data, error } = await supabase
    .from('events')
    .select('id, title, start_date, status')
    .order('start_date', { ascending: false })
    .limit(500);
  if (error) throw error;
  return data;
}

/** The 50 latest updates with how many they reached. */
export async function listSentUpdates(client?: BrowserSupabase): Promise<SentUpdate[]> {
  const supabase = client ?? (await getSupabase());
  const { data, error } = await supabase
    .from('event_updates')
    .select('id, title, segment, in_app_count, email_count, created_at, events(title)')
    .order('created_at', { ascending: false })
    .limit(50);
  if (error) throw error;
  return data as SentUpdate[];
}

/** A refusal the admin can act on (bad field, unknown event), with the database's own words. */
export class SendRefusedError extends Error {}

/** Sends the update; the answer is how many members see it in-app and how many e-mails were queued. */
export async function sendEventUpdate(
  update: { eventId: string; title: string; body: string; segment: Segment },
  client?: BrowserSupabase,
): Promise<Reach> {
  const supabase = client ?? (await getSupabase());
  const { data, error } = await supabase.rpc('send_event_update', {
    event_id: update.eventId,
    title: update.title.trim(),
    body: update.body.trim(),
    segment: update.segment,
  });
  if (error) {
    if (error.code === '22023') throw new SendRefusedError(error.message);
    throw error;
  }
  return data as unknown as Reach;
}
