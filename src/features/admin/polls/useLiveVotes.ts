/**
 * Live results on /admin/polls (decision 0044, in decision 0029's way): one Realtime channel on
 * poll_vote_signals (a row per poll, stamped by each vote, readable by admins only); each change marks the
 * polls list stale and TanStack Query reads the shown page again (the payload is never merged in, so what
 * shows is always admin_polls()' answer). Every join reads again too: a rejoin after the socket
 * dropped (changes made meanwhile are never replayed), and the first join, to close the gap since the
 * page's first read.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRealtime, type RealtimeClient } from '../../../lib/supabase/realtime';
import { startStoppable } from '../../../lib/supabase/stoppable';

/** Votes arriving together are read once. */
export const GATHER_MS = 150;
// realtime-js hands back a channel of the same topic while one is still leaving: each start names its own.
let started = 0;

/** Starts listening; resolves to the function that stops it. */
export async function startLiveVotes(
  queryClient: QueryClient,
  queryKey: QueryKey,
  realtimeClient: () => Promise<RealtimeClient> = getRealtime,
): Promise<() => void> {
  const realtime = await realtimeClient();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const readAgain = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey });
    }, GATHER_MS);
  };
  const channel = realtime
    .channel(`admin-poll-votes-${++started}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'poll_vote_signals' }, readAgain);
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') readAgain();
  });
  return () => {
    clearTimeout(timer);
    void realtime.removeChannel(channel);
  };
}

/** Keeps the list under `stale` live once `ready` (its first page is shown). */
export function useLiveVotes(stale: QueryKey, ready: boolean): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(stale);
  useEffect(() => {
    if (!ready) return;
    return startStoppable(() => startLiveVotes(queryClient, JSON.parse(key) as QueryKey));
  }, [key, ready, queryClient]);
}
