import { describe, expect, it } from 'vitest';
import { hasEnded, isUpcoming, sydneyToday } from './today';

describe('sydneyToday', () => {
  it('is the calendar date in Sydney, not in UTC', () => {
    // 14:00 UTC on 31 December is already 1 January (01:00 daylight time) in Sydney.
    expect(sydneyToday(new Date('2026-12-31T14:00:00Z'))).toBe('2027-01-01');
    expect(sydneyToday(new Date('2026-12-31T12:59:00Z'))).toBe('2026-12-31');
    // Winter: 10 hours ahead.
    expect(sydneyToday(new Date('2026-06-30T13:59:00Z'))).toBe('2026-06-30');
    expect(sydneyToday(new Date('2026-06-30T14:00:00Z'))).toBe('2026-07-01');
  });
});

describe('upcoming and ended', () => {
  it('counts the start day itself as upcoming and the day after as passed', () => {
    expect(isUpcoming('2026-03-01', '2026-02-28')).toBe(true);
    expect(isUpcoming('2026-03-01', '2026-03-01')).toBe(true);
    expect(isUpcoming('2026-03-01', '2026-03-02')).toBe(false);
  });

  it('ends an event once its last day is over', () => {
    expect(hasEnded('2026-03-05', '2026-03-05')).toBe(false);
    expect(hasEnded('2026-03-05', '2026-03-06')).toBe(true);
  });
});
