/**
 * The page's one Realtime client, loaded with a dynamic import() the first time a page asks for live
 * updates, after the page's own data is shown: realtime-js never weighs on a page's first load
 * (docs/decisions/0022 and 0029). It takes its tokens from the page's Supabase client (./client.ts).
 */
import { getSupabase } from './client';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config';
import type { RealtimeClient } from './realtime-client';

export type { RealtimeChannel, RealtimeClient } from './realtime-client';

let realtime: Promise<RealtimeClient> | null = null;

/** The shared Realtime client; the first call starts loading it, later calls get the same promise. */
export function getRealtime(): Promise<RealtimeClient> {
  realtime ??= Promise.all([import('./realtime-client'), getSupabase()]).then(
    ([{ createRealtimeClient }, client]) =>
      createRealtimeClient(client.auth, SUPABASE_URL, SUPABASE_ANON_KEY),
  );
  // A failed download (offline) must not stick: the next call tries again.
  realtime.catch(() => {
    realtime = null;
  });
  return realtime;
}
