/**
 * Reads a page starts before its JavaScript has loaded (issue 25, decision 0070's third amendment): the
 * page's inline script (EarlyReads.astro) asks for them with the stored session's token as soon as the HTML
 * is parsed, and keeps each answer under its URL in `window[EARLY_READS]`, and the stored session's user
 * in `window[EARLY_MEMBER]` (session-presence.ts). The page's own read of that URL, for that member, takes
 * the answer already on its way instead of asking again, once (./early-client.ts). The URLs are the page's
 * own reads, captured at build time (early-read-urls.ts), so the two agree by construction.
 */

/** Where the inline script keeps its reads on `window`. */
export const EARLY_READS = '__earlyReads';

/** The reads the inline script started, each answer on its way under its URL. */
export type EarlyReadMap = Record<string, Promise<Response> | undefined>;

export const pageReads = (): EarlyReadMap | undefined =>
  (globalThis as { [EARLY_READS]?: EarlyReadMap })[EARLY_READS];

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
