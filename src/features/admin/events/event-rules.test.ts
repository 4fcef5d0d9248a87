import { describe, expect, it } from 'vitest';
import {
  eventBookingsCloseProblem,
  eventBookingsOpenProblem,
  eventCapacityProblem,
  eventEndProblem,
  eventPriceProblem,
  eventStartProblem,
  eventTitleProblem,
  isCalendarDate,
  priceCents,
  priceText,
} from './event-rules';

describe('event field rules', () => {
  it('takes a price in whole units with up to two decimals, and saves cents', () => {
    expect(eventPriceProblem('')).toBeUndefined();
    expect(eventPriceProblem('1,200.5')).toBeUndefined();
    expect(priceCents('1,200.5')).toBe(120050);
    expect(priceCents('0.05')).toBe(5);
    expect(priceCents(' ')).toBeNull();
    expect(eventPriceProblem('12.345')).toBe('Enter the price as a number, such as 1200 or 1200.50.');
    expect(eventPriceProblem('-1')).toBeDefined();
    expect(eventPriceProblem('1000000')).toBeUndefined();
    expect(eventPriceProblem('1000000.01')).toBe('The price must be 1,000,000 or less.');
  });

  it('shows cents back as the form types them', () => {
    expect(priceText(null)).toBe('');
    expect(priceText(120000)).toBe('1200');
    expect(priceText(120050)).toBe('1200.50');
    expect(priceText(5)).toBe('0.05');
    for (const text of ['0', '0.05', '1200.50', '999999.99']) expect(priceText(priceCents(text))).toBe(text);
  });

  it('wants real dates, the end not before the start', () => {
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(eventStartProblem('')).toBe('Please enter the start date.');
    expect(eventEndProblem('2027-06-01', '2027-06-01')).toBeUndefined();
    expect(eventEndProblem('2027-05-31', '2027-06-01')).toBe('The end date cannot be before the start date.');
    expect(eventEndProblem('', '2027-06-01')).toBe('Please enter the end date.');
  });

  it('takes an optional booking window: real days before the start date, closing not before opening', () => {
    const start = '2027-06-01';
    expect(eventBookingsOpenProblem('', start)).toBeUndefined();
    expect(eventBookingsCloseProblem(' ', '', start)).toBeUndefined();
    expect(eventBookingsOpenProblem('2027-05-31', start)).toBeUndefined();
    expect(eventBookingsOpenProblem('2027-06-01', start)).toBe('Bookings must open before the start date.');
    expect(eventBookingsCloseProblem('2027-05-31', '', start)).toBeUndefined();
    expect(eventBookingsCloseProblem('2027-06-02', '', start)).toBe(
      'Bookings must close before the start date.',
    );
    expect(eventBookingsOpenProblem('2027-02-29', start)).toBe(
      'Enter the day bookings open as a date, or leave it empty.',
    );
    expect(eventBookingsCloseProblem('31/05/2027', '', start)).toBe(
      'Enter the day bookings close as a date, or leave it empty.',
    );
    // A one-day window is fine; closing the day before it opens is not.
    expect(eventBookingsCloseProblem('2027-05-01', '2027-05-01', start)).toBeUndefined();
    expect(eventBookingsCloseProblem('2027-04-30', '2027-05-01', start)).toBe(
      'Bookings cannot close before they open.',
    );
    // Without a start date only the day itself is checked (the start date has its own message).
    expect(eventBookingsOpenProblem('2030-01-01', '')).toBeUndefined();
  });

  it('counts places from 1 to 10,000 and titles in characters', () => {
    expect(eventCapacityProblem('')).toBeUndefined();
    expect(eventCapacityProblem('10000')).toBeUndefined();
    expect(eventCapacityProblem('0')).toBeDefined();
    expect(eventCapacityProblem('1.5')).toBeDefined();
    expect(eventTitleProblem('👻'.repeat(200))).toBeUndefined();
    expect(eventTitleProblem('  ')).toBe('Please enter a title.');
  });
});
