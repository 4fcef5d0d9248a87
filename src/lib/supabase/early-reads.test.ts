import { describe, expect, it, vi } from 'vitest';
import { fetchEventsPage, upcomingEvents } from '../../features/events/events.data';
import { EARLY_TODAY, EARLY_USER, earlyReadUrls } from './early-read-urls';
import { withEarlyReads, type EarlyReadMap } from './early-reads';

// A page's early reads (decision 0070, third amendment): the URLs captured at build time are the page's own
// reads, and the browser's client takes an early answer once, for the same URL and token only.

const URL_A = 'http://127.0.0.1:54321/rest/v1/events?select=id';
const TOKEN = 'Bearer member-token';
const answer = (body: string, status = 200) => new Response(body, { status });

function setUp(reads: EarlyReadMap) {
  const send = vi.fn((_input: Parameters<typeof fetch>[0], _init?: RequestInit) =>
    Promise.resolve(answer('"from the network"')),
  );
  return { send, fetch: withEarlyReads(send, () => reads) };
}

describe('withEarlyReads', () => {
  it('answers a GET of an early URL with the same token from the early read, once', async () => {
    const reads: EarlyReadMap = {
      [URL_A]: { authorization: TOKEN, response: Promise.resolve(answer('"early"')) },
    };
    const { send, fetch } = setUp(reads);
    const init = { method: 'GET', headers: { Authorization: TOKEN } };
    expect(await (await fetch(URL_A, init)).json()).toBe('early');
    expect(send).not.toHaveBeenCalled();
    // A later read of the same URL (a refetch) asks the network.
    expect(await (await fetch(URL_A, init)).json()).toBe('from the network');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('asks the network for another token, another URL or a write, and keeps the early read', async () => {
    const reads: EarlyReadMap = {
      [URL_A]: { authorization: TOKEN, response: Promise.resolve(answer('"early"')) },
    };
    const { send, fetch } = setUp(reads);
    await fetch(URL_A, { method: 'GET', headers: { Authorization: 'Bearer refreshed-token' } });
    await fetch(`${URL_A},title`, { method: 'GET', headers: { Authorization: TOKEN } });
    await fetch(URL_A, { method: 'POST', headers: { Authorization: TOKEN } });
    expect(send).toHaveBeenCalledTimes(3);
    expect(reads[URL_A]).toBeDefined();
  });

  it('asks again when the early read failed or was refused', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    const reads: EarlyReadMap = {
      [URL_A]: { authorization: TOKEN, response: failed },
      [`${URL_A},title`]: { authorization: TOKEN, response: Promise.resolve(answer('{}', 401)) },
    };
    const { send, fetch } = setUp(reads);
    const init = { headers: { Authorization: TOKEN } };
    expect(await (await fetch(URL_A, init)).json()).toBe('from the network');
    expect(await (await fetch(`${URL_A},title`, init)).json()).toBe('from the network');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('is the plain fetch on a page without early reads', async () => {
    const send = vi.fn(() => Promise.resolve(answer('"from the network"')));
    await withEarlyReads(send, () => undefined)(URL_A);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('earlyReadUrls', () => {
  it("captures a read's URL with the markers where the member's id and the date go, sending nothing", async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    const [template] = await earlyReadUrls(
      [(client) => fetchEventsPage(upcomingEvents(EARLY_TODAY), EARLY_USER, client)],
      'http://127.0.0.1:54321',
    );
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
    // Filled in as the inline script does, it is the URL the member's own read asks for.
    const filled = template!.split(EARLY_TODAY).join('2026-12-01').split(EARLY_USER).join('member-1');
    const [own] = await earlyReadUrls(
      [(client) => fetchEventsPage(upcomingEvents('2026-12-01'), 'member-1', client)],
      'http://127.0.0.1:54321',
    );
    expect(filled).toBe(own);
    expect(own).toContain('start_date=gte.2026-12-01');
    expect(own).toContain('my_follow.user_id=eq.member-1');
  });
});
