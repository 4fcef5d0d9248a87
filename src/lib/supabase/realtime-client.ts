/**
 * The browser's Realtime client: `@supabase/realtime-js`, the version supabase-js 2.119 depends on, wired as
 * supabase-js wires it (its `_initRealtimeClient` and `_handleTokenChanged`): the socket at
 * `<url>/realtime/v1` with the API key as a parameter, the member's access token from the auth client
 * (else the API key) on connect and every heartbeat, and `setAuth` on every sign-in, refresh and sign-out.
 * Heartbeat, reconnect and back-off are realtime-js's defaults. Loaded on demand (./realtime.ts).
 */
import { RealtimeClient, type RealtimeClientOptions } from '@supabase/realtime-js';
import type { BrowserSupabase } from './browser-client';

export type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';

export async function createRealtimeClient(
  auth: BrowserSupabase['auth'],
  supabaseUrl: string,
  anonKey: string,
  options: Pick<RealtimeClientOptions, 'transport'> = {},
): Promise<RealtimeClient> {
  const url = new URL('realtime/v1', `${supabaseUrl.replace(/\/+$/, '')}/`);
  url.protocol = url.protocol.replace('http', 'ws');
  const realtime = new RealtimeClient(url.href, {
    ...options,
    params: { apikey: anonKey },
    accessToken: async () => (await auth.getSession()).data.session?.access_token ?? anonKey,
  });
  let current: string | undefined;
  auth.onAuthStateChange((event, session) => {
    const token = session?.access_token;
    if (
      (event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN' || event === 'INITIAL_SESSION') &&
      token !== current
    ) {
      current = token;
      void realtime.setAuth(token);
    } else if (event === 'SIGNED_OUT') {
      current = undefined;
      void realtime.setAuth();
    }
  });
  // supabase-js sets the token as it builds its client, long before any channel. Built later, on demand,
  // the token must be in place before the first join: a join sent while realtime-js still awaits it goes
  // out with the API key alone, and the server then judges that channel as a visitor's for good.
  await realtime.setAuth();
  return realtime;
}
