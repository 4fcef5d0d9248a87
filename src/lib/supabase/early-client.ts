/**
 * The client a member's first reads go through on a page with early reads (issue 25, decision 0098). It
 * takes the answers the page's inline script already asked for with the stored session's token, so the
 * first cards wait neither for auth-js's download nor for its start. Any other request, and an early answer
 * that failed or was refused (a token revoked meanwhile), goes through the page's shared client, which
 * waits for auth-js and refreshes the token if it must.
 */
import { getSupabase } from './client';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config';
import type { BrowserSupabase, LoadClient } from './data';
import { pageReads, takeEarlyRead, type EarlyReadMap } from './early-reads';
import { fetchWithAuth } from './fetch-with-auth';
import { restOnlyClient } from './rest-only-client';
import { earlyMember } from './session-presence';

export interface EarlyClientOptions {
  /** The page's early reads (tests pass their own). */
  reads?: () => EarlyReadMap | undefined;
  /** The page's shared client, for everything the early reads do not answer. */
  shared?: LoadClient;
}

/** A PostgREST client whose GETs are answered from the early reads when one was made for their URL. */
export function createEarlyClient(
  supabaseUrl: string,
  anonKey: string,
  { reads = pageReads, shared = getSupabase }: EarlyClientOptions = {},
): BrowserSupabase {
  const viaShared: typeof fetch = async (input, init) =>
    fetchWithAuth(anonKey, (await shared()).auth)(input, init);
  return restOnlyClient(supabaseUrl, async (input, init) => {
    const early = takeEarlyRead(reads(), input, init);
    const answer = early && (await early.catch(() => undefined));
    return answer?.ok ? answer : viaShared(input, init);
  });
}

let pageClient: BrowserSupabase | null = null;

/**
 * Where `userId`'s first reads get their client: the early client while they are the member the page's
 * early reads were made for (an early answer holds that member's rows), else the shared client.
 */
export function earlyReadsFor(userId: string | null): LoadClient {
  if (userId === null || earlyMember()?.id !== userId) return getSupabase;
  pageClient ??= createEarlyClient(SUPABASE_URL, SUPABASE_ANON_KEY);
  const client = pageClient;
  return () => Promise.resolve(client);
}
