/**
 * The page's one Supabase client, loaded on first use with a dynamic import() so that a visitor who
 * neither has a stored session (./session-presence.ts) nor submits anything never downloads it.
 * See docs/decisions/0006-native-dialogs-for-the-js-budget.md and ./browser-client.ts.
 */
import type { BrowserSupabase } from './browser-client';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config';

export type { BrowserSupabase };

let client: Promise<BrowserSupabase> | null = null;

/** The shared client; the first call starts loading it, later calls get the same promise. */
export function getSupabase(): Promise<BrowserSupabase> {
  client ??= import('./browser-client').then(({ createBrowserClient }) =>
    createBrowserClient(SUPABASE_URL, SUPABASE_ANON_KEY),
  );
  // A failed download (offline) must not stick: the next call tries again.
  client.catch(() => {
    client = null;
  });
  return client;
}
