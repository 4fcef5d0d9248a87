/**
 * Live results on /admin/polls (decision 0044, in decision 0029's way): one Realtime channel on poll_votes;
 * each vote marks the polls list stale and TanStack Query reads the shown page again (the payload is never
 * merged in, so what shows is always admin_polls()' answer). Realtime delivers a vote only to those whose
 * select policy reads it: every vote to an admin. After a reconnect the list is read again, since changes
 * made while the socket was down are never replayed; so is the first join's, to close the gap since the
 * page's first read.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRealtime } from '../../../lib/supabase/realtime';

// Votes arriving together are read once.
const GATHER_MS = 150;
// realtime-js hands back a channel of the same topic while one is still leaving: each start names its own.
let started = 0;

export function useLiveVotes(stale: QueryKey, ready: boolean): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(stale);
  useEffect(() => {
    if (!ready) return;
    const queryKey = JSON.parse(key) as QueryKey;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readAgain = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey });
      }, GATHER_MS);
    };
    let stop: (() => void) | undefined;
    let ended = false;
    getRealtime().then(
      (realtime) => {
        if (ended) return;
        const channel = realtime
          .channel(`admin-poll-votes-${++started}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'poll_votes' }, readAgain);
        // Every join reads again: the first closes the gap since the page's first read (one request, on an
        // admin screen), a later one is a rejoin after the socket dropped.
        channel.subscribe((status) => {
          if (status === 'SUBSCRIBED') readAgain();
        });
        stop = () => void realtime.removeChannel(channel);
      },
      // Live results add to the screen; without them (the chunk failed to load) a reload still shows them.
      () => undefined,
    );
    return () => {
      ended = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [key, ready, queryClient]);
}
