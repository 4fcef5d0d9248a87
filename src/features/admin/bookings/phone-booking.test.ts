import { describe, expect, it } from 'vitest';
import { DataError } from '../../../lib/supabase/data';
import { departureLabel, isBookable, phoneRefusal } from './phone-booking';
import type { DepartureChoice } from './phone-booking.data';

const departure = (state: 'open' | 'sold-out', places: number | null): DepartureChoice => ({
  id: 'e1',
  title: 'Haunted Hobart',
  start_date: '2027-03-12',
  price_cents: 100000,
  currency: 'AUD',
  availability: { event_id: 'e1', state, places_left: places, opens_on: null },
});

describe('a phone booking on the screen', () => {
  it('offers only departures open for bookings, with their places', () => {
    expect(isBookable(departure('open', 3))).toBe(true);
    expect(isBookable(departure('sold-out', 0))).toBe(false);
    expect(departureLabel(departure('open', 3))).toMatch(/^Haunted Hobart \(.+\) · 3 places left$/);
    expect(departureLabel(departure('sold-out', 0))).toMatch(/· Sold out$/);
  });

  it('shows refusals as the database words them', () => {
    expect(phoneRefusal(new DataError('sold out', 'PT409', 409), 'AUD')).toBe(
      'Sold out: every place on this departure has been taken.',
    );
    expect(phoneRefusal(new DataError('no such member', 'P0002'), 'AUD')).toBe('No such member.');
  });
});
