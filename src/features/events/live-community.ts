/**
 * Live community activity on /events (docs/decisions/0029-live-community.md): one Realtime channel with a
 * postgres_changes binding per table of ./live-changes.ts. Row-level security decides what arrives (the
 * stack and hosted Realtime read each change back under the member's token); every change makes the
 * matching cached reads stale, and after a reconnect everything the page holds is read again, since
 * changes made while the socket was down are never replayed.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRealtime } from '../../lib/supabase/realtime';
import { startStoppable } from '../../lib/supabase/stoppable';
import { LIVE_TABLES, StaleBatch, type LiveTable } from './live-changes';

// realtime-js hands back a channel of the same topic while one is still leaving: each start names its own.
let started = 0;

/** Starts listening; resolves to the function that stops it. */
export async function startLiveCommunity(queryClient: QueryClient): Promise<() => void> {
  const realtime = await getRealtime();
  const batch = new StaleBatch({
    invalidate: (prefixes) => {
      for (const queryKey of prefixes) void queryClient.invalidateQueries({ queryKey });
    },
    busy: () => queryClient.isMutating() > 0,
  });
  let channel = realtime.channel(`events-community-${++started}`);
  for (const [table, { events }] of Object.entries(LIVE_TABLES)) {
    channel = channel.on('postgres_changes', { event: events, schema: 'public', table }, () =>
      batch.change(table as LiveTable),
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

/**
 * Keeps the page live for a signed-in member once `ready` (the page's data is shown). Visitors get no
 * socket: they see no comments, and each open socket counts against the project's Realtime connections.
 */
export function useLiveCommunity(memberId: string | null, ready: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!memberId || !ready) return;
    return startStoppable(() => startLiveCommunity(queryClient));
  }, [memberId, ready, queryClient]);
}
