/**
 * Reads a page starts before its JavaScript has loaded (issue 25, decision 0070's third amendment): the
 * page's inline script (EarlyReads.astro) asks for them with the stored session's token as soon as the HTML
 * is parsed, and keeps each answer under its URL in `window[EARLY_READS]`, and the stored session's user in
 * `window[EARLY_MEMBER]`. The page's own read of that URL, for that member, takes the answer already on its
 * way instead of asking again, once (./early-client.ts). The URLs are the page's own reads, captured at
 * build time (early-read-urls.ts), so the two agree by construction.
 */
import type { User } from '@supabase/supabase-js';

/** Where the inline script keeps its reads on `window`. */
export const EARLY_READS = '__earlyReads';
/** Where the inline script keeps the member it read for: the stored session's user (decision 0098). */
export const EARLY_MEMBER = '__earlyMember';

/** The reads the inline script started, each answer on its way under its URL. */
export type EarlyReadMap = Record<string, Promise<Response> | undefined>;

type PageGlobals = { [EARLY_READS]?: EarlyReadMap; [EARLY_MEMBER]?: User };

export const pageReads = (): EarlyReadMap | undefined => (globalThis as PageGlobals)[EARLY_READS];

/**
 * The member the page's early reads were made for, or null on a page without them (a visitor, a token about
 * to run out, a page that has none): the stored session's user, before auth-js has loaded to check it.
 */
export const earlyMember = (): User | null => (globalThis as PageGlobals)[EARLY_MEMBER] ?? null;

/** The early answer to a GET of `input`, taken out of `reads` (each is used once); none for anything else. */
export function takeEarlyRead(
  reads: EarlyReadMap | undefined,
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
): Promise<Response> | undefined {
  if (!reads || typeof input !== 'string' || (init?.method ?? 'GET') !== 'GET') return undefined;
  const response = reads[input];
  delete reads[input];
  return response;
}
