import { describe, expect, it } from 'vitest';
import {
  formatPostedAt,
  toUpdateItems,
  unreadIds,
  unreadSummary,
  type EventUpdateRow,
} from './event-updates';

const row = (id: string, created_at: string, read = false, event = true): EventUpdateRow => ({
  id,
  title: `Title ${id}`,
  body: 'Body',
  body_html: '<p>Body</p>',
  image_path: id === 'pic' ? 'f1000000-0000-4000-8000-000000000003/1.png' : null,
  image_alt: id === 'pic' ? 'A lantern' : null,
  created_at,
  event: event ? { id: 'e1', title: 'Tasmania', start_date: '2027-02-12' } : null,
  reads: read ? [{ read_at: created_at }] : [],
});

describe('event updates as the page shows them', () => {
  it('puts the newest first whatever order the rows came in, ties by id', () => {
    const items = toUpdateItems([
      row('b', '2026-11-01T10:00:00Z'),
      row('c', '2026-11-03T10:00:00+10:00'),
      row('a', '2026-11-01T10:00:00Z'),
      row('d', '2026-11-03T01:00:00Z'),
    ]);
    expect(items.map((item) => item.id)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('marks an update unread until the member has a read marker for it', () => {
    const items = toUpdateItems([row('a', '2026-11-02T00:00:00Z', true), row('b', '2026-11-01T00:00:00Z')]);
    expect(items.map((item) => item.unread)).toEqual([false, true]);
    expect(unreadIds(items)).toEqual(['b']);
  });

  it('names the event, or says it is gone', () => {
    const [kept, gone] = toUpdateItems([
      row('a', '2026-11-02T00:00:00Z'),
      row('b', '2026-11-01T00:00:00Z', false, false),
    ]);
    expect([kept?.eventTitle, kept?.eventStartDate]).toEqual(['Tasmania', '2027-02-12']);
    expect([gone?.eventTitle, gone?.eventStartDate]).toEqual(['Event no longer available', null]);
  });

  it('keeps the HTML the database rendered, and gives an image its public address and alt text', () => {
    const [pic, plain] = toUpdateItems([
      row('pic', '2026-11-02T00:00:00Z'),
      row('b', '2026-11-01T00:00:00Z'),
    ]);
    expect(pic?.bodyHtml).toBe('<p>Body</p>');
    expect(pic?.image).toEqual({
      url: expect.stringMatching(
        /\/storage\/v1\/object\/public\/update-images\/f1000000-0000-4000-8000-000000000003\/1\.png$/,
      ),
      alt: 'A lantern',
    });
    expect(plain?.image).toBeNull();
  });

  it('counts new updates in words', () => {
    expect([0, 1, 2].map(unreadSummary)).toEqual(['No new updates', '1 new update', '2 new updates']);
  });

  // Sydney's zone now (decision 0050); in November it keeps Hobart's daylight time, as the zone given before did.
  it("shows the posting time in Sydney's zone", () => {
    expect(formatPostedAt('2026-11-23T10:05:00Z')).toMatch(/^23 Nov 2026, 9:05\s?pm$/i);
  });
});
