import { describe, expect, it } from 'vitest';
import { formatMonth, formatOrdinalDate, ordinal } from './date-words';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
    [111, '111th'],
    [112, '112th'],
  ])('%i is %s', (day, expected) => {
    expect(ordinal(day)).toBe(expected);
  });
});

describe('formatOrdinalDate', () => {
  it('writes the day as an ordinal, then the month and year', () => {
    expect(formatOrdinalDate('2026-02-12')).toBe('12th February, 2026');
    expect(formatOrdinalDate('2026-11-06')).toBe('6th November, 2026');
    expect(formatOrdinalDate('2025-01-01')).toBe('1st January, 2025');
    expect(formatOrdinalDate('2025-03-22')).toBe('22nd March, 2025');
    expect(formatOrdinalDate('2025-05-23')).toBe('23rd May, 2025');
    expect(formatOrdinalDate('2025-12-31')).toBe('31st December, 2025');
    expect(formatOrdinalDate('2024-02-29')).toBe('29th February, 2024');
  });

  it('rejects dates that do not exist or are not YYYY-MM-DD', () => {
    expect(() => formatOrdinalDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatOrdinalDate('2025-02-29')).toThrow(RangeError);
    expect(() => formatOrdinalDate('12/02/2026')).toThrow(RangeError);
  });
});

describe('formatMonth', () => {
  it('writes the month name and year', () => {
    expect(formatMonth('2026-10')).toBe('October 2026');
    expect(formatMonth('2026-01')).toBe('January 2026');
  });

  it('rejects a month outside 01..12', () => {
    expect(() => formatMonth('2026-13')).toThrow(RangeError);
    expect(() => formatMonth('2026-00')).toThrow(RangeError);
  });
});
