/**
 * Reads for /event-details. Row-level security decides: every event but drafts is public; an event's
 * updates reach only members who follow it or have booked it (decision 0025), visitors read none.
 */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { sydneyToday } from '../../lib/format/today';
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

/**
 * One event by id or slug, or null when there is none the caller may read. A slug names the event itself
 * or, from a trip page, a Sanity trip (decision 0035): the event whose own slug it is comes first, else
 * the trip's next departure that has not ended, else its latest. One request either way.
 */
export async function fetchEventDetail(
  ref: EventRef,
  today: string = sydneyToday(),
  client: LoadClient = sharedClient,
): Promise<EventDetail | null> {
  const supabase = await client();
  const query = supabase
    .from('events')
    .select('id, slug, trip_slug, title, description, location, start_date, end_date, status');
  if (ref.kind === 'id') return unwrap(await query.eq('id', ref.id).maybeSingle());
  // The slug passed eventRefFromPath's slug rule: letters, digits and hyphens only, safe inside or().
  const events = unwrap(
    await query
      .or(`slug.eq.${ref.slug},trip_slug.eq.${ref.slug}`)
      .order('start_date', { ascending: true })
      .limit(100),
  );
  return (
    events.find((event) => event.slug === ref.slug) ??
    events.find((event) => event.status === 'published' && event.end_date >= today) ??
    events.filter((event) => event.status !== 'draft').at(-1) ??
    null
  );
}

/** The event's updates the member may read, newest first (none unless they follow or booked it). */
export async function fetchEventDetailUpdates(
  eventId: string,
  client: LoadClient = sharedClient,
): Promise<EventDetailUpdate[]> {
  const supabase = await client();
  return unwrap(
    await supabase
      .from('event_updates')
      .select('id, title, body, created_at')
      .eq('event_id', eventId)
      .order('created_at', { ascending: false })
      .limit(50),
  );
}
