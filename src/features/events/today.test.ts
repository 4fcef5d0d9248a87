import { describe, expect, it } from 'vitest';
import { sydneyToday } from './today';

describe('sydneyToday', () => {
  it('is the calendar date in Sydney, a day ahead of UTC in the evening', () => {
    expect(sydneyToday(new Date('2026-11-24T12:59:00Z'))).toBe('2026-11-24');
    // 13:00 UTC is midnight in Sydney during daylight saving (UTC+11).
    expect(sydneyToday(new Date('2026-11-24T13:00:00Z'))).toBe('2026-11-25');
    // Winter: UTC+10.
    expect(sydneyToday(new Date('2026-06-30T13:59:00Z'))).toBe('2026-06-30');
    expect(sydneyToday(new Date('2026-06-30T14:00:00Z'))).toBe('2026-07-01');
  });
});
