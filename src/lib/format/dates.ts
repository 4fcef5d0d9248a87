// Turns a date or a moment into words for people to read, with ./date-words.ts (calendar dates in words
// without Intl, apart so that pages needing only those do not load this file). Two kinds of input:
// - a calendar date ("2026-02-12") or month ("2026-10") is shown as written, whatever any time zone;
// - a moment (a timestamp or a Date) is shown as the company reads it: in Sydney (decision 0050), so an admin
//   in Perth and a member in London see the same day and time as the office does.
// Intl does the wording (en-AU), so month abbreviations ("Sept") and "am/pm" follow the runtime's CLDR.
import { DAY_MS, parseIsoDate, toEpochMs } from './calendarDate';

/** The company's time zone: every moment shown on the site is shown in it. */
export const COMPANY_TIME_ZONE = 'Australia/Sydney';

// Each formatter is built on its first use, not when the module loads: building five took about 330 ms
// under Lighthouse's 4× CPU on every page that imports this file, before anything rendered (issue 25).
const lazy = (locale: string, options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return (moment: Date): string => (made ??= new Intl.DateTimeFormat(locale, options)).format(moment);
};

// Calendar dates are formatted at UTC midnight in UTC, so the zone never moves them to another day.
const shortDate = lazy('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayAndMonth = lazy('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const sydneyDateTime = lazy('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: COMPANY_TIME_ZONE,
});
const sydneyTime = lazy('en-AU', { hour: 'numeric', minute: '2-digit', timeZone: COMPANY_TIME_ZONE });
// en-CA writes dates as YYYY-MM-DD, the shape of a calendar date.
const sydneyIsoDate = lazy('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: COMPANY_TIME_ZONE,
});

const utcMidnight = (isoDate: string): Date => {
  const { year, month, day } = parseIsoDate(isoDate);
  return new Date(Date.UTC(year, month - 1, day));
};

/** Sydney's clocks are 10 hours ahead of UTC in standard time and 11 in daylight saving time. */
export const SYDNEY_UTC_OFFSETS_HOURS = [10, 11] as const;
const HOUR_MS = 3_600_000;

/**
 * The calendar date ("2026-02-12") a moment falls on in Sydney. A timestamp without a zone is read as UTC,
 * as everywhere in this folder. For 23 hours of every day both of Sydney's offsets give the same date, which
 * is then Sydney's whichever is in force; Intl, whose first use costs about 100 ms under Lighthouse's 4× CPU
 * (issue 25), decides only the hour when they differ. EarlyReads.astro does the same in its inline script.
 */
export function sydneyDate(moment: string | Date): string {
  const epochMs = toEpochMs(moment);
  const [standard, daylight] = SYDNEY_UTC_OFFSETS_HOURS.map((hours) =>
    new Date(epochMs + hours * HOUR_MS).toISOString().slice(0, 10),
  );
  return standard === daylight ? standard! : sydneyIsoDate(new Date(epochMs));
}

/** A moment in Sydney: "24 Nov 2026, 3:21 pm". */
export function formatDateTime(moment: string | Date): string {
  return sydneyDateTime(new Date(toEpochMs(moment)));
}

/** The time of a moment in Sydney: "3:21 pm" (with sydneyDate for its day, e.g. when a hold ends). */
export function formatSydneyTime(moment: string | Date): string {
  return sydneyTime(new Date(toEpochMs(moment)));
}

/** A calendar date, short: "2026-12-05" → "5 Dec 2026". For a moment, pass sydneyDate(moment). */
export function formatDate(isoDate: string): string {
  return shortDate(utcMidnight(isoDate));
}

/** A calendar date without its year: "2026-11-23" → "23 Nov" (a chart's week). */
export function formatDayMonth(isoDate: string): string {
  return dayAndMonth(utcMidnight(isoDate));
}

/** Nights between a start and an end (dates or timestamps): the days between them, rounded up. */
export function nightsBetween(start: string | Date, end: string | Date): number {
  const nights = Math.ceil((toEpochMs(end) - toEpochMs(start)) / DAY_MS);
  if (nights < 0) throw new RangeError(`End ${String(end)} is before start ${String(start)}`);
  return nights;
}
