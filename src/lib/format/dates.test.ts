import { describe, expect, it } from 'vitest';
import { addDays } from './calendarDate';
import { nightsBetween } from './dates';

describe('nightsBetween', () => {
  it('counts the nights between two calendar dates', () => {
    expect(nightsBetween('2026-02-12', '2026-02-16')).toBe(4);
    expect(nightsBetween('2026-11-06', '2026-11-18')).toBe(12);
    expect(nightsBetween('2026-02-12', '2026-02-12')).toBe(0);
  });

  it('rounds part days up', () => {
    expect(nightsBetween('2026-02-12T10:00:00Z', '2026-02-13T11:00:00Z')).toBe(2);
    expect(nightsBetween('2026-02-12T10:00:00+11:00', '2026-02-16T09:00:00+11:00')).toBe(4);
  });

  it('is not thrown off by daylight saving (Sydney springs forward on 2026-10-04)', () => {
    expect(nightsBetween('2026-10-01', '2026-10-08')).toBe(7);
    expect(nightsBetween(new Date('2026-10-01T00:00:00Z'), new Date('2026-10-08T00:00:00Z'))).toBe(7);
  });

  it('rejects an end before the start', () => {
    expect(() => nightsBetween('2026-02-16', '2026-02-12')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('crosses month and year ends and leap days', () => {
    expect(addDays('2026-02-12', 4)).toBe('2026-02-16');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
