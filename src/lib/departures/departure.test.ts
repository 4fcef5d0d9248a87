import { describe, expect, it } from 'vitest';
import { availabilityLabel } from './availability';
import { departureDatesLabel, departureNights, splitDepartures, tripKeyOf } from './departure';
import { departure } from './departure-fixture';

describe('a trip’s departures on a given day', () => {
  const today = '2027-02-12';
  const departures = [
    departure({ id: 'later', startDate: '2027-10-10' }),
    departure({ id: 'today', startDate: '2027-02-12' }),
    departure({ id: 'yesterday', startDate: '2027-02-11' }),
    departure({ id: 'last-year', startDate: '2026-02-12' }),
    departure({ id: 'completed-early', startDate: '2027-03-01', status: 'completed' }),
    departure({ id: 'cancelled', startDate: '2027-05-01', status: 'cancelled' }),
  ];

  it('offers those starting today or later, soonest first, and shows the rest as past, never cancelled ones', () => {
    const { upcoming, past } = splitDepartures(departures, today);
    expect(upcoming.map(({ id }) => id)).toEqual(['today', 'later']);
    expect(past.map(({ id }) => id)).toEqual(['completed-early', 'yesterday', 'last-year']);
  });

  it('belongs to its trip’s page, or to its own when it names no trip', () => {
    expect(tripKeyOf({ slug: 'x-2027', tripSlug: 'x' })).toBe('x');
    expect(tripKeyOf({ slug: 'x-2027', tripSlug: null })).toBe('x-2027');
  });

  it('shows its dates and its nights', () => {
    const trip = departure({ id: 'a', startDate: '2027-02-12', endDate: '2027-02-16' });
    expect(departureDatesLabel(trip)).toBe('12th to 16th February, 2027');
    expect(departureDatesLabel({ startDate: '2027-02-28', endDate: '2027-03-03' })).toBe(
      '28th February to 3rd March, 2027',
    );
    expect(departureDatesLabel({ startDate: '2027-12-30', endDate: '2028-01-02' })).toBe(
      '30th December, 2027 to 2nd January, 2028',
    );
    expect(departureNights(trip)).toBe(4);
    expect(departureDatesLabel(departure({ id: 'b', startDate: '2027-10-31' }))).toBe('31st October, 2027');
  });
});

describe('a departure’s live state in words', () => {
  const row = { event_id: 'x', places_left: null, opens_on: null };
  it('says how many places are left, or that they are not limited', () => {
    expect(availabilityLabel({ ...row, state: 'open', places_left: 3 })).toBe('3 places left');
    expect(availabilityLabel({ ...row, state: 'open', places_left: 1 })).toBe('1 place left');
    expect(availabilityLabel({ ...row, state: 'open' })).toBe('Places available');
  });

  it('names every other state', () => {
    expect(availabilityLabel({ ...row, state: 'sold-out', places_left: 0 })).toBe('Sold out');
    expect(availabilityLabel({ ...row, state: 'opens', opens_on: '2027-03-01' })).toBe(
      'Booking opens 1st March, 2027',
    );
    expect(availabilityLabel({ ...row, state: 'closed' })).toBe('Bookings closed');
    expect(availabilityLabel({ ...row, state: 'past' })).toBe('Departed');
    expect(availabilityLabel({ ...row, state: 'cancelled' })).toBe('Cancelled');
  });
});
