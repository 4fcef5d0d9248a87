/**
 * Reads a page starts before its JavaScript has loaded (issue 25, decision 0070's third amendment): the
 * page's inline script (EarlyReads.astro) asks for them with the stored session's token as soon as the HTML
 * is parsed, and keeps each answer under its URL in `window[EARLY_READS]`. When the page's own read of that
 * URL comes, with the same token, it takes the answer already on its way instead of asking again, once; a
 * failed or refused early answer is asked again as usual. The URLs are the page's own reads, captured at
 * build time (early-read-urls.ts), so the two agree by construction.
 */

/** Where the inline script keeps its reads on `window`. */
export const EARLY_READS = '__earlyReads';

/** One read the inline script started: the token it sent and the answer on its way. */
export interface EarlyRead {
  authorization: string;
  response: Promise<Response>;
}

export type EarlyReadMap = Record<string, EarlyRead | undefined>;

const pageReads = (): EarlyReadMap | undefined =>
  (globalThis as { [EARLY_READS]?: EarlyReadMap })[EARLY_READS];

/**
 * `send` with the page's early reads in front of it: a GET of a URL the inline script already asked for,
 * with the same Authorization, gets that answer (once); anything else, or an early read that failed or was
 * refused (an expired token), goes to `send`.
 */
export function withEarlyReads(send: typeof fetch, reads: () => EarlyReadMap | undefined = pageReads) {
  return (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const early = reads();
    const method = init?.method ?? 'GET';
    const read = early && typeof input === 'string' && method === 'GET' ? early[input] : undefined;
    if (!early || !read || read.authorization !== new Headers(init?.headers).get('Authorization'))
      return send(input, init);
    delete early[input as string];
    const again = () => send(input, init);
    return read.response.then((response) => (response.ok ? response : again()), again);
  };
}
