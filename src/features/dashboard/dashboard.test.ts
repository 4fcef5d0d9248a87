import { describe, expect, it } from 'vitest';
import type { MemberBooking } from '../bookings/bookings';
import { computeTiles, greeting, greetingName, isFirstVisit } from './dashboard';

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
  const event = (end_date: string, eventStatus: 'published' | 'completed' = 'published') => ({
    id: 'e',
    title: 'T',
    start_date: end_date,
    end_date,
    status: eventStatus,
  });
  const booking = (
    status: MemberBooking['status'],
    end: string | null,
    eventStatus: 'published' | 'completed' = 'published',
  ) => ({
    status,
    event: end === null ? null : event(end, eventStatus),
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
        booking('confirmed', '2026-11-23', 'completed'), // the daily job marked its trip completed
      ],
      { publishedEvents: 7, favourites: 2 },
      today,
    );
    expect(tiles).toEqual({ bookedEvents: 6, publishedEvents: 7, favourites: 2, completedEvents: 3 });
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

describe('isFirstVisit', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('is true on the sign-in the confirmation link made, for the first day', () => {
    const user = {
      created_at: '2026-11-27T09:00:00Z',
      email_confirmed_at: '2026-11-27T09:05:00Z',
      last_sign_in_at: '2026-11-27T09:05:00.2Z',
    };
    expect(isFirstVisit(user, now)).toBe(true);
  });

  it('is true on the first password sign-in just after the company made the account', () => {
    const user = {
      created_at: '2026-11-27T09:58:00Z',
      email_confirmed_at: '2026-11-27T09:58:00Z',
      last_sign_in_at: '2026-11-27T09:59:30Z',
    };
    expect(isFirstVisit(user, now)).toBe(true);
  });

  it('is false once the member has signed in again later', () => {
    const user = {
      created_at: '2026-11-27T08:00:00Z',
      email_confirmed_at: '2026-11-27T08:01:00Z',
      last_sign_in_at: '2026-11-27T09:30:00Z',
    };
    expect(isFirstVisit(user, now)).toBe(false);
  });

  it('is false a day after joining, even in the same first session', () => {
    const user = {
      created_at: '2026-11-20T08:00:00Z',
      email_confirmed_at: '2026-11-20T08:00:00Z',
      last_sign_in_at: '2026-11-20T08:00:01Z',
    };
    expect(isFirstVisit(user, now)).toBe(false);
  });

  it('counts from the account being made when no confirmation time is known', () => {
    expect(
      isFirstVisit({ created_at: '2026-11-27T09:50:00Z', last_sign_in_at: '2026-11-27T09:51:00Z' }, now),
    ).toBe(true);
    expect(isFirstVisit({ created_at: '2026-11-27T09:50:00Z', last_sign_in_at: null }, now)).toBe(true);
  });
});

describe('greeting', () => {
  it("says 'Welcome' on a first visit and 'Welcome back' after", () => {
    expect(greeting('Casey Newcomer', true)).toBe('Welcome, Casey!');
    expect(greeting('Casey Newcomer', false)).toBe('Welcome back, Casey!');
    expect(greeting(null, true)).toBe('Welcome, User!');
  });
});
