import { describe, expect, it } from 'vitest';
import type { UpcomingDeparture } from './overview.data';
import { upcomingPage } from './upcoming-list';

const departure = (n: number, over: Partial<UpcomingDeparture> = {}): UpcomingDeparture => ({
  id: `d${n}`,
  title: `Trip ${String(n).padStart(2, '0')}`,
  slug: `trip-${n}`,
  start_date: `2027-01-${String(n).padStart(2, '0')}`,
  capacity: 12,
  sold: n % 5,
  waitlist: n % 3,
  interest: 0,
  ...over,
});
const ids = (rows: readonly UpcomingDeparture[]) => rows.map((row) => row.id);

describe('upcomingPage', () => {
  const all = [
    departure(3),
    departure(1),
    departure(12),
    departure(2),
    ...Array.from({ length: 8 }, (_, i) => departure(i + 4)),
  ];

  it('shows the soonest ten first, then the rest on the next page', () => {
    const first = upcomingPage(all, {});
    expect(first.total).toBe(12);
    expect(ids(first.rows)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10']);
    expect(ids(upcomingPage(all, { page: 2 }).rows)).toEqual(['d11', 'd12']);
    // A page past the end shows the last one.
    expect(ids(upcomingPage(all, { page: 9 }).rows)).toEqual(['d11', 'd12']);
  });

  it('finds a title by any part of it, in any case', () => {
    const found = upcomingPage([departure(1, { title: 'Ghost Tour Hobart' }), departure(2)], {
      q: ' ghost ',
    });
    expect(ids(found.rows)).toEqual(['d1']);
    expect(found.total).toBe(1);
    expect(upcomingPage(all, { q: 'nowhere' })).toEqual({ rows: [], total: 0 });
  });

  it('sorts by a column either way, ties by date, and ignores an unknown sort', () => {
    const byWaitlist = upcomingPage(all.slice(0, 4), { sort: 'waitlist', dir: 'desc' });
    // Waitlists: d3 0, d1 1, d12 0, d2 2.
    expect(ids(byWaitlist.rows)).toEqual(['d2', 'd1', 'd3', 'd12']);
    expect(ids(upcomingPage(all.slice(0, 4), { sort: 'title', dir: 'asc' }).rows)).toEqual([
      'd1',
      'd2',
      'd3',
      'd12',
    ]);
    expect(ids(upcomingPage(all.slice(0, 4), { sort: 'nonsense' }).rows)).toEqual(['d1', 'd2', 'd3', 'd12']);
  });
});
