/**
 * /event-details/{id or slug}: which event the address names, what phase it is in, and the trip copy from
 * Sanity that the static shell carries for every trip (linked by events.trip_slug, decision 0035).
 */
import type { Trip } from '../../lib/content/types';
import { hasEnded, isUpcoming } from '../../lib/format/today';

export type EventRef = { kind: 'id'; id: string } | { kind: 'slug'; slug: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The events table's own slug rule (supabase/migrations/…_create_events.sql). */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The event in /event-details/{ref}: an id (from /events and /completed-events) or a trip's slug (from the
 * static trip page, which is built without the database and knows only the slug). Anything else is null,
 * "not found" without a request.
 */
export function eventRefFromPath(pathname: string): EventRef | null {
  const match = /^\/event-details\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  let ref: string;
  try {
    ref = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  if (UUID.test(ref)) return { kind: 'id', id: ref.toLowerCase() };
  if (SLUG.test(ref) && ref.length <= 100) return { kind: 'slug', slug: ref };
  return null;
}

export type EventStatus = 'draft' | 'published' | 'completed' | 'cancelled';
export type EventPhase = 'upcoming' | 'under-way' | 'ended' | 'cancelled';

export const PHASE_LABELS: Record<EventPhase, string> = {
  upcoming: 'EOI Open',
  'under-way': 'Under way',
  ended: 'Completed',
  cancelled: 'Cancelled',
};

/** Where an event stands today: the dates decide, except that a cancellation or completion is final. */
export function eventPhase(
  event: { status: EventStatus; start_date: string; end_date: string },
  today: string,
): EventPhase {
  if (event.status === 'cancelled') return 'cancelled';
  if (event.status === 'completed' || hasEnded(event.end_date, today)) return 'ended';
  return isUpcoming(event.start_date, today) ? 'upcoming' : 'under-way';
}

/** The marketing copy the details page shows, as the static shell hands it to the island. */
export type TripCopy = Pick<
  Trip,
  'slug' | 'title' | 'summary' | 'learnMore' | 'highlights' | 'inclusions' | 'itineraryNote'
> & { sites: string[] };

export function toTripCopy(trip: Trip): TripCopy {
  return {
    slug: trip.slug,
    title: trip.title,
    summary: trip.summary,
    learnMore: trip.learnMore,
    highlights: trip.highlights,
    inclusions: trip.inclusions,
    itineraryNote: trip.itineraryNote,
    sites: (trip.hauntedSites ?? []).map((site) => `${site.name}, ${site.city}`),
  };
}
