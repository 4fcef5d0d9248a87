import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format/dates';
import { hasOpenOffer, offerSummary, placesText } from './waitlist-offers';

const none = {
  offer_id: null,
  offer_state: null,
  offer_places: null,
  offer_expires_at: null,
  offer_event_title: null,
};

describe('a waitlist entry’s offer on /admin/waitlist', () => {
  it('says nothing when the entry has had no offer, and lets the admin offer', () => {
    expect(offerSummary(none)).toBeNull();
    expect(hasOpenOffer(none)).toBe(false);
  });

  it('shows an open offer with its places, departure and the time it is held until', () => {
    const open = {
      offer_id: 'o',
      offer_state: 'offered',
      offer_places: 1,
      offer_expires_at: '2026-12-04T06:30:00Z',
      offer_event_title: 'Port Arthur',
    };
    expect(offerSummary(open)).toEqual({
      state: 'Offered',
      detail: `1 place on Port Arthur, held until ${formatDateTime('2026-12-04T06:30:00Z')}`,
    });
    expect(hasOpenOffer(open)).toBe(true);
  });

  it('names a closed offer’s end without a time', () => {
    const closed = (state: string) => ({
      offer_id: 'o',
      offer_state: state,
      offer_places: 3,
      offer_expires_at: '2026-12-04T06:30:00Z',
      offer_event_title: 'Port Arthur',
    });
    expect(['taken', 'expired', 'withdrawn'].map((state) => offerSummary(closed(state))?.state)).toEqual([
      'Booked',
      'Offer expired',
      'Offer withdrawn',
    ]);
    expect(offerSummary(closed('expired'))?.detail).toBe('3 places on Port Arthur');
    expect(hasOpenOffer(closed('expired'))).toBe(false);
    expect([1, 2].map(placesText)).toEqual(['1 place', '2 places']);
  });
});
