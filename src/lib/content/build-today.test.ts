import { describe, expect, it } from 'vitest';
import { buildToday } from './build-today';

describe('buildToday', () => {
  it('is today in Sydney unless SITE_TODAY fixes it', () => {
    expect(buildToday({}, new Date('2026-12-31T14:00:00Z'))).toBe('2027-01-01');
    expect(buildToday({ SITE_TODAY: ' ' }, new Date('2026-12-31T14:00:00Z'))).toBe('2027-01-01');
    expect(buildToday({ SITE_TODAY: '2026-01-15' })).toBe('2026-01-15');
  });

  it('refuses a SITE_TODAY that is not a calendar date', () => {
    expect(() => buildToday({ SITE_TODAY: '2026-02-30' })).toThrow(/2026-02-30/);
    expect(() => buildToday({ SITE_TODAY: 'tomorrow' })).toThrow(RangeError);
  });
});
