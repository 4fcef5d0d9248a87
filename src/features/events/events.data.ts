/**
 * The events page's first read: the events with everything the cards' community bar shows, in one request
 * whatever the number of events and reactions. Embedded under each event: its reaction counts (the
 * event_reaction_counts view, one row per type), and for a member their own reactions and follow (filtered
 * by the member's id: an admin may read everyone's). Row-level security shows visitors and members only
 * published events.
 */
import { dataError, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { sydneyToday } from '../../lib/format/today';
import type { ReactionState, ReactionType } from './reactions';

export interface PublishedEvent {
  id: string;
  slug: string;
  /** The Sanity trip this departure belongs to (decision 0035); null for events made before it. */
  trip_slug: string | null;
  title: string;
  location: string | null;
  start_date: string;
  end_date: string;
}

/** Which events a page lists: the upcoming ones (start date on or after `from`), or one event. */
export type EventScope = { from: string } | { id: string };

/** What /events lists: the events starting on or after today's date in Sydney. */
export const upcomingEvents = (today: string = sydneyToday()): EventScope => ({ from: today });

/** What the events page holds for its cards. */
export interface EventsPage {
  events: PublishedEvent[];
  reactions: ReactionState;
  /** Ids of the events the member follows (none for a visitor). */
  follows: string[];
}

interface EventRow extends PublishedEvent {
  event_reaction_counts: { reaction_type: ReactionType; total: number }[];
  my_reactions?: { reaction_type: ReactionType }[];
  my_follow?: { event_id: string }[];
}

const EVENT_COLUMNS = 'id, slug, trip_slug, title, location, start_date, end_date';

/** The cache key of a page's events: per scope and per member, so a sign-out never shows a member's state. */
export const eventsPageKey = (scope: EventScope, userId: string | null) =>
  ['events', 'page', 'id' in scope ? scope.id : `from:${scope.from}`, userId ?? ''] as const;

interface Filterable<Query> {
  eq(column: string, value: string): Query;
  gte(column: string, value: string): Query;
  order(column: string, options: { ascending: boolean }): Query;
}

/** The one rule of which events a page lists: published and not yet started (Sydney's date), or the one. */
export function inScope<Query extends Filterable<Query>>(query: Query, scope: EventScope): Query {
  if ('id' in scope) return query.eq('id', scope.id);
  return query.eq('status', 'published').gte('start_date', scope.from);
}

/**
 * The scope's events in the page's order: by start date, then id, so that two reads agree on which events
 * come first (the comments' first read takes the first few, comments.data.ts).
 */
export function inListOrder<Query extends Filterable<Query>>(query: Query, scope: EventScope): Query {
  return inScope(query, scope).order('start_date', { ascending: true }).order('id', { ascending: true });
}

/**
 * How many events a scope lists, without transferring them (`head: true`): the dashboard's community tile
 * counts `upcomingEvents()` with the same rule as /events, so the two always agree.
 */
export async function countEvents(scope: EventScope, client: LoadClient = sharedClient): Promise<number> {
  const supabase = await client();
  const { count, error, status } = await inScope(
    supabase.from('events').select('id', { count: 'exact', head: true }),
    scope,
  );
  if (error) throw dataError(error, status);
  return count ?? 0;
}

export async function fetchEventsPage(
  scope: EventScope,
  userId: string | null,
  client: LoadClient = sharedClient,
): Promise<EventsPage> {
  // The member's own reactions come from my_reactions (nobody may read who reacted, decision 0058); follows
  // are filtered by the member's id, because an admin may read everyone's.
  const own = userId ? ', my_reactions(reaction_type), my_follow:event_follows(event_id)' : '';
  const supabase = await client();
  let query = supabase
    .from('events')
    .select(`${EVENT_COLUMNS}, event_reaction_counts(reaction_type, total)${own}`);
  if (userId) query = query.eq('my_follow.user_id', userId);
  const data = unwrap(await inListOrder(query, scope).overrideTypes<EventRow[], { merge: false }>());
  return {
    events: data.map(({ id, slug, trip_slug, title, location, start_date, end_date }) => ({
      id,
      slug,
      trip_slug,
      title,
      location,
      start_date,
      end_date,
    })),
    reactions: {
      counts: data.flatMap((event) =>
        event.event_reaction_counts.map((row) => ({ event_id: event.id, ...row })),
      ),
      mine: data.flatMap((event) =>
        (event.my_reactions ?? []).map((row) => ({ event_id: event.id, ...row })),
      ),
    },
    follows: data.filter((event) => (event.my_follow ?? []).length > 0).map((event) => event.id),
  };
}

/**
 * `page` with one event's reactions and follow taken from `one` (that event read alone, as a live change
 * re-reads it); every other event's stay as they were.
 */
export function withEventFrom(page: EventsPage, eventId: string, one: EventsPage): EventsPage {
  const others = <Row extends { event_id: string }>(rows: readonly Row[]) =>
    rows.filter((row) => row.event_id !== eventId);
  const own = <Row extends { event_id: string }>(rows: readonly Row[]) =>
    rows.filter((row) => row.event_id === eventId);
  return {
    ...page,
    reactions: {
      counts: [...others(page.reactions.counts), ...own(one.reactions.counts)],
      mine: [...others(page.reactions.mine), ...own(one.reactions.mine)],
    },
    follows: [...page.follows.filter((id) => id !== eventId), ...one.follows.filter((id) => id === eventId)],
  };
}
