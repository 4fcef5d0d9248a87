import { describe, expect, it } from 'vitest';
import type { MemberBooking } from '../bookings/bookings';
import { computeTiles, greetingName } from './dashboard';

describe('greetingName', () => {
  it('takes the first word of the full name', () => {
    expect(greetingName('Rosalind  Harker')).toBe('Rosalind');
    expect(greetingName('  Ada ')).toBe('Ada');
  });
  it("falls back to 'User' without a name", () => {
    expect(greetingName(null)).toBe('User');
    expect(greetingName(undefined)).toBe('User');
    expect(greetingName('   ')).toBe('User');
  });
});

describe('computeTiles', () => {
  const event = (end_date: string) => ({ id: 'e', title: 'T', start_date: end_date, end_date });
  const booking = (status: MemberBooking['status'], end: string | null) => ({
    status,
    event: end === null ? null : event(end),
  });
  const today = '2026-11-23';

  it('counts bookings that are not cancelled, and completed ones', () => {
    const tiles = computeTiles(
      [
        booking('confirmed', '2027-01-01'),
        booking('pending', '2026-11-22'), // ended yesterday
        booking('completed', '2027-05-01'), // marked completed
        booking('cancelled', '2020-01-01'), // cancelled: neither booked nor completed
        booking('confirmed', '2026-11-23'), // ends today: not yet completed
        booking('confirmed', null), // event not readable
      ],
      { publishedEvents: 7, favourites: 2 },
      today,
    );
    expect(tiles).toEqual({ bookedEvents: 5, publishedEvents: 7, favourites: 2, completedEvents: 2 });
  });

  it('is all zeros for a member without rows', () => {
    expect(computeTiles([], { publishedEvents: 0, favourites: 0 }, today)).toEqual({
      bookedEvents: 0,
      publishedEvents: 0,
      favourites: 0,
      completedEvents: 0,
    });
  });
});
