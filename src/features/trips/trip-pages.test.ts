import { describe, expect, it } from 'vitest';
import { departure } from '../../lib/departures/departure-fixture';
import { composeTripPages } from './trip-pages';
import { trip } from './trip-fixture';

describe('trip pages from Sanity’s trips and the database’s departures', () => {
  const today = '2027-01-01';
  const trips = [trip('tasmania', 1, 'Every February'), trip('vietnam', 2, 'October, dates to be confirmed')];
  const departures = [
    departure({ id: 't-2026', startDate: '2026-02-12', tripSlug: 'tasmania' }),
    departure({ id: 't-2027', startDate: '2027-02-12', tripSlug: 'tasmania' }),
    departure({
      id: 'q',
      slug: 'quarantine-night-2027-02-14',
      startDate: '2027-02-14',
      endDate: '2027-02-15',
      tripSlug: null,
      title: 'Quarantine Night',
      description: 'A night at the station.',
      location: 'Manly',
    }),
    departure({ id: 'old', slug: 'old-night', startDate: '2025-10-31', tripSlug: null, title: 'Old night' }),
  ];
  const pages = composeTripPages(trips, departures, today);

  it('gives each Sanity trip its departures, upcoming and past', () => {
    expect(pages[0]?.departures.upcoming.map(({ id }) => id)).toEqual(['t-2027']);
    expect(pages[0]?.departures.past.map(({ id }) => id)).toEqual(['t-2026']);
    expect(pages[1]?.departures).toEqual({ upcoming: [], past: [] });
  });

  it('makes a page from the database’s copy for a departure on sale that Sanity has no trip for, and none for a past one', () => {
    expect(pages.map(({ trip: { slug } }) => slug)).toEqual([
      'tasmania',
      'vietnam',
      'quarantine-night-2027-02-14',
    ]);
    const made = pages[2];
    expect(made?.fromDatabase).toBe(true);
    expect(made?.trip).toMatchObject({
      title: 'Quarantine Night',
      summary: 'A night at the station.',
      location: 'Manly',
      nights: 1,
      order: 3,
      datesNote: null,
    });
  });
});
