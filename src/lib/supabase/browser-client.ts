/**
 * The browser's Supabase client, built from the two parts of supabase-js that the islands use: auth-js
 * (sessions, sign-in, the e-mail links) and postgrest-js (tables and RPCs), the very versions supabase-js
 * 2.119 wires together, wired the way it does (see docs/decisions, the Supabase client in the browser). Its
 * Realtime, Storage and Functions clients would double what a member page downloads and no page uses them
 * yet; a page that needs one loads it on its own.
 */
import { AuthClient, type SupportedStorage } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { fetchWithAuth } from './fetch-with-auth';
import { authStorageKey } from './session-presence';

/** What islands may call: exactly supabase-js's `auth`, `from` and `rpc`, with its types. */
export type BrowserSupabase = Pick<SupabaseClient<Database>, 'auth' | 'from' | 'rpc'>;

/** Tests give a page its own storage; a page uses localStorage and reads e-mail links from its URL. */
export interface BrowserClientOptions {
  storage?: SupportedStorage;
  detectSessionInUrl?: boolean;
}

export function createBrowserClient(
  supabaseUrl: string,
  anonKey: string,
  { storage, detectSessionInUrl = true }: BrowserClientOptions = {},
): BrowserSupabase {
  const base = supabaseUrl.replace(/\/+$/, '');
  // supabase-js's defaults: its storage key, a persisted session refreshed in time, links read from the URL.
  const auth = new AuthClient({
    url: `${base}/auth/v1`,
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
    storageKey: authStorageKey(supabaseUrl),
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl,
    flowType: 'implicit',
    ...(storage ? { storage } : {}),
  });
  // As supabase-js's fetchWithAuth: the API key always, the member's access token when signed in.
  const rest = new PostgrestClient<Database>(`${base}/rest/v1`, { fetch: fetchWithAuth(anonKey, auth) });
  // supabase-js's own `from` and `rpc` are these two methods of its PostgrestClient; only its generic
  // parameters are spelled differently, hence the cast.
  return { auth, from: rest.from.bind(rest), rpc: rest.rpc.bind(rest) } as unknown as BrowserSupabase;
}
