/**
 * The page's one Supabase client, loaded on first use with a dynamic import() so that a visitor who
 * neither has a stored session (./session-presence.ts) nor submits anything never downloads it.
 * See docs/decisions/0006-native-dialogs-for-the-js-budget.md and ./browser-client.ts.
 */
import type { StorageClient } from '@supabase/storage-js';
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

let storage: Promise<StorageClient> | null = null;

/**
 * The Storage client, loaded (with storage-js) on first use only: the events page calls it when a member
 * picks an image. It reads the member's token from the shared client's auth at each request.
 */
export function getStorage(): Promise<StorageClient> {
  storage ??= Promise.all([import('./storage-client'), getSupabase()]).then(
    ([{ createStorageClient }, supabase]) =>
      createStorageClient(SUPABASE_URL, SUPABASE_ANON_KEY, supabase.auth),
  );
  storage.catch(() => {
    storage = null;
  });
  return storage;
}
