// What the static site's pages read at build time and admins change, as the build reads it: the
// departures (the events anyone may see; row-level security hides drafts from the anon key) and /store's
// catalogue, read with the anon key. Each read's fingerprint (a hash of its answer) changes whenever a row is
// added, deleted, published or edited (`updated_at` is set by a trigger on every update), so `npm start` can
// poll them cheaply and rebuild only when one changes. The same reads tell when the API is ready for a build:
// they answer once the stack serves the migrated database.
import { createHash } from 'node:crypto';

/** Each read the build depends on, and the words a rebuild it causes is logged with. */
export const SITE_DATA_READS = [
  { path: '/rest/v1/events?select=id,updated_at,status&order=id', change: 'a departure changed' },
  // /store's products (decision 0092): name, description, price, picture and visibility move updated_at; the
  // sizes are read without their stock, which the page reads live, so a sale rebuilds nothing.
  { path: '/rest/v1/products?select=id,updated_at&order=id', change: "the store's catalogue changed" },
  {
    path: '/rest/v1/product_variants?select=id,product_id,size,position&order=id',
    change: "the store's catalogue changed",
  },
  {
    path: '/rest/v1/store_settings?select=member_discount_percent',
    change: "the store's member discount changed",
  },
];
const READ_TIMEOUT_MS = 10_000;

/**
 * @param {{ url: string, anonKey: string }} api the Supabase URL the site is built against, and its anon key
 * @returns {Promise<string[]>} sha-256 of each read's answer, in SITE_DATA_READS' order; rejects when one
 *   does not answer 200
 */
export async function siteDataFingerprint({ url, anonKey }) {
  const base = url.replace(/\/+$/, '');
  return Promise.all(
    SITE_DATA_READS.map(async ({ path }) => {
      const response = await fetch(`${base}${path}`, {
        // The headers the build's own reads send (src/lib/departures/read-departures.ts).
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${response.status} from ${base}${path}: ${body.slice(0, 200)}`);
      return createHash('sha256').update(body).digest('hex');
    }),
  );
}

/**
 * Waits until the site's reads answer (the API is up and its database migrated), or rejects after
 * `timeoutMs`, or as soon as `givenUp()` says to stop waiting.
 * @param {{ url: string, anonKey: string }} api
 * @param {{ timeoutMs?: number, intervalMs?: number, givenUp?: () => boolean }} [options]
 * @returns {Promise<string[]>} the first fingerprint
 */
export async function waitForSiteData(
  api,
  { timeoutMs = 180_000, intervalMs = 250, givenUp = () => false } = {},
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await siteDataFingerprint(api);
    } catch (error) {
      if (givenUp()) throw new Error('stopped waiting', { cause: error });
      if (Date.now() > deadline) {
        throw new Error(`${api.url} did not answer within ${timeoutMs / 1000} s: ${error.message}`, {
          cause: error,
        });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Polls the site's reads every `intervalMs` and Sydney's date with them: calls `onChange(reason)` once for each
 * read whose fingerprint differs from the last one seen, or when the date has moved on (a departure that starts today
 * is no longer upcoming, so the pages built yesterday say too much). A failed read is reported once per
 * streak and changes nothing: the site keeps what it has until the API answers again.
 * @param {{ api: { url: string, anonKey: string }, fingerprint: string[], today: () => string,
 *   onChange: (reason: string) => void, onError?: (message: string) => void, intervalMs?: number }} options
 * @returns {() => void} stops polling
 */
export function pollSiteData({ api, fingerprint, today, onChange, onError = () => {}, intervalMs = 5_000 }) {
  let last = fingerprint;
  let day = today();
  let failing = false;
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;

  async function tick() {
    try {
      const next = await siteDataFingerprint(api);
      if (failing) onError(`the site's reads answer again`);
      failing = false;
      const changes = new Set(
        SITE_DATA_READS.filter((_, i) => next[i] !== last[i]).map((read) => read.change),
      );
      last = next;
      if (!stopped) for (const change of changes) onChange(change);
    } catch (error) {
      if (!failing && !stopped)
        onError(`the site's reads failed (${error.message}); keeping the site as it is`);
      failing = true;
    }
    const now = today();
    if (now !== day) {
      day = now;
      if (!stopped) onChange(`Sydney's date is now ${now}`);
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  }

  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
