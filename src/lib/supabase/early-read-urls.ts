/**
 * The URLs a page's early reads ask for (./early-reads.ts), captured at build time from the page's own read
 * functions through a PostgREST client built as the page's early client is (rest-only-client.ts), which
 * records each URL instead of sending it. What differs from browser to browser is written as a marker that the
 * inline script (EarlyReads.astro) replaces: the member's id and today's date in Sydney.
 */
import { SUPABASE_URL } from './config';
import type { LoadClient } from './data';
import { restOnlyClient } from './rest-only-client';

/** Stands for today's date (Sydney, YYYY-MM-DD) in a captured URL. */
export const EARLY_TODAY = 'EARLY-TODAY';
/** Stands for the signed-in member's id in a captured URL. */
export const EARLY_USER = 'EARLY-USER';

/** The URL of each GET that `reads` make, in order, with nothing sent. */
export async function earlyReadUrls(
  reads: readonly ((client: LoadClient) => Promise<unknown>)[],
  supabaseUrl: string = SUPABASE_URL,
): Promise<string[]> {
  const urls: string[] = [];
  const capture = (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET') urls.push(String(input));
    return Promise.resolve(
      new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
  const client = restOnlyClient(supabaseUrl, capture);
  for (const read of reads) await read(() => Promise.resolve(client));
  return urls;
}
