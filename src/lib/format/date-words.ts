/**
 * Calendar dates in words ("12th February, 2026", "October 2026"), the way the site shows them: plain
 * arithmetic on the date's parts, with no Intl, so pages that need only these (the landing's availability
 * lines) do not load the Sydney-time formatters in ./dates.ts.
 */
import { monthName, parseIsoDate, parseYearMonth } from './calendarDate';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** "2026-02-12" → "12th February, 2026", the way the site shows dates. */
export function formatOrdinalDate(isoDate: string): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return `${ordinal(day)} ${monthName(month)}, ${year}`;
}

/**
 * "2026-10" → "October 2026", for trips whose exact date is not fixed yet; a calendar date ("2026-10-15")
 * gives its month the same way.
 */
export function formatMonth(yearMonthOrDate: string): string {
  const { year, month } =
    yearMonthOrDate.length > 7 ? parseIsoDate(yearMonthOrDate) : parseYearMonth(yearMonthOrDate);
  return `${monthName(month)} ${year}`;
}
