/**
 * Reads for /event-details. Row-level security decides: every event but drafts is public; an event's
 * updates reach only members who follow it or have booked it (decision 0025), visitors read none.
 */
import type { BrowserSupabase } from '../../lib/supabase/client';
import type { EventRef, EventStatus } from './event-details';

export interface EventDetail {
  id: string;
  slug: string;
  /** The Sanity trip this departure belongs to (decision 0035). */
  trip_slug: string | null;
  title: string;
  description: string | null;
  location: string | null;
  start_date: string;
  end_date: string;
  status: EventStatus;
}

export interface EventDetailUpdate {
  id: string;
  title: string;
  body: string;
  created_at: string;
}

/** One event by id or slug, or null when there is none the caller may read. */
export async function fetchEventDetail(client: BrowserSupabase, ref: EventRef): Promise<EventDetail | null> {
  const query = client
    .from('events')
    .select('id, slug, trip_slug, title, description, location, start_date, end_date, status');
  const { data, error } = await (ref.kind === 'id' ? query.eq('id', ref.id) : query.eq('slug', ref.slug))
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

/** The event's updates the member may read, newest first (none unless they follow or booked it). */
export async function fetchEventDetailUpdates(
  client: BrowserSupabase,
  eventId: string,
): Promise<EventDetailUpdate[]> {
  const { data, error } = await client
    .from('event_updates')
    .select('id, title, body, created_at')
    .eq('event_id', eventId)
    .order('created_at', { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  return data;
}
