import { describe, expect, it } from 'vitest';
import { formatAudCents, formatAudDollars } from './currency';
import { formatPrice } from './currency';
import { badgeLabel, nightsLabel } from './trips';

describe('trip labels', () => {
  it('names the badge after the status', () => {
    expect(badgeLabel('coming-soon')).toBe('Coming Soon');
    expect(badgeLabel('planning-phase')).toBe('Planning Phase');
  });

  it('says Night or Nights', () => {
    expect(nightsLabel(4)).toBe('4 Nights');
    expect(nightsLabel(1)).toBe('1 Night');
  });
});

describe('AUD amounts', () => {
  it('formats dollars and cents the Australian way', () => {
    expect(formatAudDollars(2400)).toBe('$2,400.00');
    expect(formatAudDollars(800)).toBe('$800.00');
    expect(formatAudDollars(8.5)).toBe('$8.50');
    expect(formatAudCents(240000)).toBe('$2,400.00');
    expect(formatAudCents(2550)).toBe('$25.50');
  });

  it("formats a departure's price in its own currency", () => {
    expect(formatPrice(120000, 'AUD')).toBe('$1,200.00');
    expect(formatPrice(85000, 'USD')).toBe('USD\u00a0850.00');
    expect(() => formatPrice(0.5, 'AUD')).toThrow(RangeError);
  });

  it('rejects amounts that are not numbers, and fractional cents', () => {
    expect(() => formatAudDollars(Number.NaN)).toThrow(RangeError);
    expect(() => formatAudCents(12.5)).toThrow(RangeError);
  });
});
