/**
 * A client with supabase-js's `from` and `rpc` over PostgREST alone, every request through `send`: for
 * reads that need no auth-js (the page's early client, and the build's capture of those reads' URLs).
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { BrowserSupabase } from './data';
import type { Database } from './database.types';

/** Has no `auth`: the data functions it is given to only read tables and call functions. */
export function restOnlyClient(supabaseUrl: string, send: typeof fetch): BrowserSupabase {
  const rest = new PostgrestClient<Database>(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1`, { fetch: send });
  return { from: rest.from.bind(rest), rpc: rest.rpc.bind(rest) } as unknown as BrowserSupabase;
}
