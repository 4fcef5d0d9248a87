// The departures the static site shows, as the build reads them: the events anyone may see (row-level
// security hides drafts from the anon key), read once with the anon key. Their fingerprint (a hash of the
// answer) changes whenever an event is added, deleted, published or edited (`updated_at` is set by a
// trigger on every update), so `npm start` can poll it cheaply and rebuild only when it changes. The same
// read tells when the API is ready for a build: it answers once the stack serves the migrated database.
import { createHash } from 'node:crypto';

export const DEPARTURES_PATH = '/rest/v1/events?select=id,updated_at,status&order=id';
const READ_TIMEOUT_MS = 10_000;

/**
 * @param {{ url: string, anonKey: string }} api the Supabase URL the site is built against, and its anon key
 * @returns {Promise<string>} sha-256 of the answer; rejects when the API does not answer 200
 */
export async function departuresFingerprint({ url, anonKey }) {
  const response = await fetch(`${url.replace(/\/+$/, '')}${DEPARTURES_PATH}`, {
    // The headers the build's own read sends (src/lib/departures/read-departures.ts).
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.status} from ${url}/rest/v1/events: ${body.slice(0, 200)}`);
  return createHash('sha256').update(body).digest('hex');
}

/**
 * Waits until the departures read answers (the API is up and its database migrated), or rejects after
 * `timeoutMs`, or as soon as `givenUp()` says to stop waiting.
 * @param {{ url: string, anonKey: string }} api
 * @param {{ timeoutMs?: number, intervalMs?: number, givenUp?: () => boolean }} [options]
 * @returns {Promise<string>} the first fingerprint
 */
export async function waitForDepartures(
  api,
  { timeoutMs = 180_000, intervalMs = 250, givenUp = () => false } = {},
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await departuresFingerprint(api);
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
 * Polls the departures every `intervalMs` and Sydney's date with them: calls `onChange(reason)` when the
 * fingerprint differs from the last one seen, or when the date has moved on (a departure that starts today
 * is no longer upcoming, so the pages built yesterday say too much). A failed read is reported once per
 * streak and changes nothing: the site keeps what it has until the API answers again.
 * @param {{ api: { url: string, anonKey: string }, fingerprint: string, today: () => string,
 *   onChange: (reason: string) => void, onError?: (message: string) => void, intervalMs?: number }} options
 * @returns {() => void} stops polling
 */
export function pollDepartures({
  api,
  fingerprint,
  today,
  onChange,
  onError = () => {},
  intervalMs = 5_000,
}) {
  let last = fingerprint;
  let day = today();
  let failing = false;
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;

  async function tick() {
    try {
      const next = await departuresFingerprint(api);
      if (failing) onError(`departures read answers again`);
      failing = false;
      if (next !== last) {
        last = next;
        if (!stopped) onChange('a departure changed');
      }
    } catch (error) {
      if (!failing && !stopped)
        onError(`departures read failed (${error.message}); keeping the site as it is`);
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
