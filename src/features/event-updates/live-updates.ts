/**
 * A live /event-updates (decision 0043, as /events does it in 0029): once the member's updates are shown,
 * realtime-js is loaded on demand and one channel listens to changes of event_updates. Realtime reads each
 * change back under the member's select policy, so only updates they may read arrive; each one makes the
 * page's read stale and TanStack Query reads it again (the payload is never shown as it is). After a
 * reconnect the page reads again too: Realtime never replays what happened while the socket was down.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRealtime } from '../../lib/supabase/realtime';
import { startStoppable } from '../../lib/supabase/stoppable';

/** The page's queries: every key starting with this is read again on a change. */
export const EVENT_UPDATES_KEY = 'event-updates';

// realtime-js hands back a channel of the same topic while one is still leaving: each start names its own.
let started = 0;

/** Starts listening; resolves to the function that stops it. */
export async function startLiveUpdates(queryClient: QueryClient): Promise<() => void> {
  const realtime = await getRealtime();
  const stale = () => void queryClient.invalidateQueries({ queryKey: [EVENT_UPDATES_KEY] });
  const channel = realtime
    .channel(`event-updates-${++started}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'event_updates' }, stale);
  let joined = false;
  channel.subscribe((status) => {
    if (status !== 'SUBSCRIBED') return;
    // The first join follows the page's first read; a later one is a rejoin after the socket dropped.
    if (joined) stale();
    joined = true;
  });
  return () => void realtime.removeChannel(channel);
}

/** Keeps the page live for a signed-in member once `ready` (their updates are shown). */
export function useLiveUpdates(memberId: string, ready: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!memberId || !ready) return;
    return startStoppable(() => startLiveUpdates(queryClient));
  }, [memberId, ready, queryClient]);
}
