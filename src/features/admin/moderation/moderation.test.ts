import { describe, expect, it } from 'vitest';
import { daysLabel, formatWhen, suspensionEnd } from './moderation';

describe('moderation helpers', () => {
  it('read times in Sydney', () => {
    expect(formatWhen('2026-01-01T00:30:00Z')).toMatch(/^1 Jan 2026, 11:30\s?am$/i);
  });
  it('end a suspension whole days later', () => {
    expect(suspensionEnd(3, new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-04T00:00:00.000Z');
    expect([daysLabel(1), daysLabel(7)]).toEqual(['1 day', '7 days']);
  });
});
