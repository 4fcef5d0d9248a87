import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterPaint } from '../../lib/after-paint';
import { startStoppable } from '../../lib/supabase/stoppable';

/**
 * Keeps the page live for a signed-in member once `ready` (the page's data is shown). Visitors get no
 * socket: they see no comments, and each open socket counts against the project's Realtime connections.
 * The channel's code (./live-community.ts, realtime-js) loads only then: the first paint does not need it,
 * and every script a page loads before its largest paint delays that paint (issue 25).
 */
export function useLiveCommunity(memberId: string | null, ready: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!memberId || !ready) return;
    // After the shown list's paint: the effect of the render that shows it may run before the browser paints.
    return startStoppable(() =>
      afterPaint()
        .then(() => import('./live-community'))
        .then(({ startLiveCommunity }) => startLiveCommunity(queryClient)),
    );
  }, [memberId, ready, queryClient]);
}
