/**
 * Live community activity on /events and /event-details (decisions 0029, 0070): one Realtime channel with
 * a postgres_changes binding per table of ./live-changes.ts. Row-level security decides what arrives (the
 * stack and hosted Realtime read each change back under the member's token). Each change makes stale the
 * reads of the one event it concerns (./live-changes.ts, staleFor): that event's comments are read again,
 * and its reactions re-read and patched into the page's events read; after a reconnect everything the page
 * holds is read again, since changes made while the socket was down are never replayed. Loaded by
 * use-live-community.ts once the page's list has painted.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getRealtime } from '../../lib/supabase/realtime';
import { fetchEventsPage, withEventFrom, type EventsPage } from './events.data';
import {
  eventHolding,
  LIVE_TABLES,
  StaleBatch,
  staleFor,
  type LiveChange,
  type LiveTable,
} from './live-changes';

// realtime-js hands back a channel of the same topic while one is still leaving: each start names its own.
let started = 0;

/**
 * Re-reads one event's reactions and follow for every cached events read that lists it (each read is
 * ['events', 'page', scope, userId]) and puts them in place; the rest of the page stays as it was.
 */
async function patchEventReactions(queryClient: QueryClient, eventId: string): Promise<void> {
  const pages = queryClient.getQueriesData<EventsPage>({ queryKey: ['events', 'page'] });
  await Promise.all(
    pages.map(async ([key, page]) => {
      if (!page?.events.some((event) => event.id === eventId)) return;
      const userId = typeof key[3] === 'string' && key[3] !== '' ? key[3] : null;
      const one = await fetchEventsPage({ id: eventId }, userId);
      queryClient.setQueryData<EventsPage>(key, (held) => held && withEventFrom(held, eventId, one));
    }),
  );
}

function refresh(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryKey[0] === 'events' && queryKey[1] === 'page-event' && typeof queryKey[2] === 'string') {
    // A failed patch leaves the counts as they were; the whole read is the fallback.
    patchEventReactions(queryClient, queryKey[2]).catch(
      () => void queryClient.invalidateQueries({ queryKey: ['events', 'page'] }),
    );
    return;
  }
  void queryClient.invalidateQueries({ queryKey });
}

/** Starts listening; resolves to the function that stops it. */
export async function startLiveCommunity(queryClient: QueryClient): Promise<() => void> {
  const realtime = await getRealtime();
  const batch = new StaleBatch({
    invalidate: (prefixes) => {
      for (const queryKey of prefixes) refresh(queryClient, queryKey);
    },
    busy: () => queryClient.isMutating() > 0,
  });
  const eventOfPost = (postId: string) =>
    eventHolding(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['comments'] })
        .map((query) => [query.queryKey, query.state.data] as const),
      postId,
    );
  let channel = realtime.channel(`events-community-${++started}`);
  for (const [table, events] of Object.entries(LIVE_TABLES)) {
    channel = channel.on('postgres_changes', { event: events, schema: 'public', table }, (change) =>
      batch.change(staleFor(table as LiveTable, change as LiveChange, eventOfPost)),
    );
  }
  let joined = false;
  channel.subscribe((status) => {
    if (status !== 'SUBSCRIBED') return;
    // The first join follows the page's first reads; a later one is a rejoin after the socket dropped.
    if (joined) batch.catchUp();
    joined = true;
  });
  return () => {
    batch.stop();
    void realtime.removeChannel(channel);
  };
}
