import { describe, expect, it } from 'vitest';
import { formatMoney, moneyLine, placesLabel, weekLabel } from './overview';

describe('overview formatting', () => {
  it('writes money per currency, AUD first, and $0.00 when there is none', () => {
    const money = [
      { currency: 'USD', collected_cents: 9000, outstanding_cents: 0 },
      { currency: 'AUD', collected_cents: 150000, outstanding_cents: 53000 },
    ];
    expect(moneyLine(money, (row) => row.collected_cents)).toBe('$1,500.00 + USD\u00a090.00');
    expect(moneyLine(money, (row) => row.outstanding_cents)).toBe('$530.00');
    expect(moneyLine([], (row) => row.collected_cents)).toBe('$0.00');
    expect(formatMoney(240000, 'AUD')).toBe('$2,400.00');
  });

  it('shows places sold against capacity, or no limit', () => {
    expect(placesLabel({ sold: 7, capacity: 12 })).toBe('7 of 12');
    expect(placesLabel({ sold: 1200, capacity: null })).toBe('1,200 (no limit)');
  });

  it("labels a week by its Monday's calendar date", () => {
    expect(weekLabel('2026-11-23')).toBe('23 Nov');
  });
});
