/**
 * Whether this browser holds a Supabase session, read without loading supabase-js: supabase-js keeps it in
 * localStorage under `sb-<first label of the project's host>-auth-token` (its default storage key). A visitor
 * without one never needs supabase-js until they submit something.
 */
import type { User } from '@supabase/supabase-js';
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

/** Where a page's early reads keep the member they read for: the stored session's user (decision 0098). */
export const EARLY_MEMBER = '__earlyMember';

/**
 * The member the page's early reads were made for (EarlyReads.astro), or null on a page without them (a
 * visitor, a token about to run out, a page that has none): the stored session's user, before auth-js has
 * loaded to check it. Here, beside hasStoredSession, because the session store reads both on every page.
 */
export const earlyMember = (): User | null => (globalThis as { [EARLY_MEMBER]?: User })[EARLY_MEMBER] ?? null;
