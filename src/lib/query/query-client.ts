/**
 * Server state for the member pages and, later, the admin area: TanStack Query caches what an island read
 * through supabase-js, refetches it when the window regains focus, and invalidates it after a change.
 * See docs/decisions (server-state caching).
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Row-level security answers for the signed-in member; a denied or failed read is not retried blindly.
      queries: { staleTime: 30_000, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}
