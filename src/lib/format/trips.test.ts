import { describe, expect, it } from 'vitest';
import { formatAudCents, formatAudDollars } from './currency';
import { badgeLabel, nightsLabel, tripDateLabel, tripEndDate, tripHasDeparted, tripOffers } from './trips';

const tasmania = { startDate: '2026-02-12', startMonth: null, nights: 4 };
const vietnam = { startDate: null, startMonth: '2026-10', nights: 13 };
const usa = { startDate: '2026-11-06', startMonth: null, nights: 12 };

describe('trip labels', () => {
  it('shows a fixed date as an ordinal date and a month-only start as the month', () => {
    expect(tripDateLabel(tasmania)).toBe('12th February, 2026');
    expect(tripDateLabel(vietnam)).toBe('October 2026');
    expect(tripDateLabel(usa)).toBe('6th November, 2026');
  });

  it('ends a trip its number of nights after it starts', () => {
    expect(tripEndDate(tasmania)).toBe('2026-02-16');
    expect(tripEndDate(usa)).toBe('2026-11-18');
    expect(tripEndDate(vietnam)).toBeNull();
  });

  it('names the badge after the status', () => {
    expect(badgeLabel('coming-soon')).toBe('Coming Soon');
    expect(badgeLabel('planning-phase')).toBe('Planning Phase');
  });

  it('says Night or Nights', () => {
    expect(nightsLabel(4)).toBe('4 Nights');
    expect(nightsLabel(1)).toBe('1 Night');
  });
});

describe('trips in time', () => {
  it('departs the day after its start date, or after its month when only the month is known', () => {
    expect(tripHasDeparted(tasmania, '2026-02-12')).toBe(false);
    expect(tripHasDeparted(tasmania, '2026-02-13')).toBe(true);
    expect(tripHasDeparted(vietnam, '2026-10-31')).toBe(false);
    expect(tripHasDeparted(vietnam, '2026-11-01')).toBe(true);
  });

  it('offers the waitlist and the interest form only while the trip is to come', () => {
    const open = { ...usa, waitlistOpen: true, interestOpen: true };
    expect(tripOffers(open, '2026-11-06')).toEqual({ waitlist: true, interest: true, departed: false });
    expect(tripOffers(open, '2026-11-07')).toEqual({ waitlist: false, interest: false, departed: true });
    expect(tripOffers({ ...open, interestOpen: false }, '2026-01-01')).toEqual({
      waitlist: true,
      interest: false,
      departed: false,
    });
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

  it('rejects amounts that are not numbers, and fractional cents', () => {
    expect(() => formatAudDollars(Number.NaN)).toThrow(RangeError);
    expect(() => formatAudCents(12.5)).toThrow(RangeError);
  });
});
