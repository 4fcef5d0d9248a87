import { DAY_MS, monthName, parseIsoDate, parseYearMonth, toEpochMs } from './calendarDate';

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

/** "2026-10" → "October 2026", for trips whose exact date is not fixed yet. */
export function formatMonth(yearMonth: string): string {
  const { year, month } = parseYearMonth(yearMonth);
  return `${monthName(month)} ${year}`;
}

/** Nights between a start and an end (dates or timestamps): the days between them, rounded up. */
export function nightsBetween(start: string | Date, end: string | Date): number {
  const nights = Math.ceil((toEpochMs(end) - toEpochMs(start)) / DAY_MS);
  if (nights < 0) throw new RangeError(`End ${String(end)} is before start ${String(start)}`);
  return nights;
}
