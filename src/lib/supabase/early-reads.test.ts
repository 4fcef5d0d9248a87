import { describe, expect, it, vi } from 'vitest';
import { fetchEventsPage, upcomingEvents } from '../../features/events/events.data';
import { EARLY_TODAY, EARLY_USER, earlyReadUrls } from './early-read-urls';
import { takeEarlyRead, type EarlyReadMap } from './early-reads';

// A page's early reads (decision 0070, third amendment): the URLs captured at build time are the page's own
// reads, and the page's early client (decision 0098) takes an early answer once, for the same URL only.

const URL_A = 'http://127.0.0.1:54321/rest/v1/events?select=id';
const answer = () => Promise.resolve(new Response('"early"'));

describe('takeEarlyRead', () => {
  it('gives the early answer to a GET of its URL, once', async () => {
    const reads: EarlyReadMap = { [URL_A]: answer() };
    const taken = takeEarlyRead(reads, URL_A, { method: 'GET' });
    expect(await (await taken!).json()).toBe('early');
    expect(takeEarlyRead(reads, URL_A)).toBeUndefined();
  });

  it('gives nothing for another URL or a write, and keeps the early read', () => {
    const reads: EarlyReadMap = { [URL_A]: answer() };
    expect(takeEarlyRead(reads, `${URL_A},title`)).toBeUndefined();
    expect(takeEarlyRead(reads, URL_A, { method: 'POST' })).toBeUndefined();
    expect(reads[URL_A]).toBeDefined();
  });

  it('gives nothing on a page without early reads', () => {
    expect(takeEarlyRead(undefined, URL_A)).toBeUndefined();
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
