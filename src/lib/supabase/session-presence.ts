/**
 * Whether this browser holds a Supabase session, read without loading supabase-js: supabase-js keeps it in
 * localStorage under `sb-<first label of the project's host>-auth-token` (its default storage key). A visitor
 * without one never needs supabase-js until they submit something.
 */
import { SUPABASE_URL } from './config';
import { storageKeyFor } from './storage-key';

/** supabase-js's default storage key for the project at `supabaseUrl`. */
export function authStorageKey(supabaseUrl: string = SUPABASE_URL): string {
  return storageKeyFor(supabaseUrl);
}

/** True when a session is stored (it may have expired: supabase-js decides that once loaded). */
export function hasStoredSession(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  supabaseUrl: string = SUPABASE_URL,
): boolean {
  try {
    return storage?.getItem(authStorageKey(supabaseUrl)) != null;
  } catch {
    // Storage can throw (blocked cookies, sandboxed frames): then nothing is stored we could use.
    return false;
  }
}
