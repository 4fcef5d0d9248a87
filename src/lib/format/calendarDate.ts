// Dates here are calendar dates ("2026-02-12"), never instants: all arithmetic runs in UTC so the result
// does not depend on the time zone of the machine that builds or views the site.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR_MONTH = /^(\d{4})-(\d{2})$/;
const DAY_MS = 86_400_000;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type CalendarDate = { year: number; month: number; day: number };

/** Parses "YYYY-MM-DD", rejecting dates that do not exist (e.g. 2026-02-30). */
export function parseIsoDate(value: string): CalendarDate {
  const match = ISO_DATE.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (
    !match ||
    !date ||
    date.getUTCDate() !== Number(match[3]) ||
    date.getUTCMonth() !== Number(match[2]) - 1
  ) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${value}"`);
  }
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Parses "YYYY-MM". */
export function parseYearMonth(value: string): { year: number; month: number } {
  const match = YEAR_MONTH.exec(value);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`Not a month (YYYY-MM): "${value}"`);
  return { year: Number(match[1]), month };
}

export function monthName(month: number): string {
  const name = MONTH_NAMES[month - 1];
  if (name === undefined) throw new RangeError(`No month ${month}`);
  return name;
}

/** "2026-02-12" plus 4 days is "2026-02-16". */
export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Milliseconds since the epoch of a date ("2026-02-12", read as UTC midnight) or a timestamp. A timestamp
 * without a zone is read as UTC too, so the same input gives the same answer everywhere.
 */
export function toEpochMs(value: string | Date): number {
  if (value instanceof Date) return value.getTime();
  if (ISO_DATE.test(value)) {
    const { year, month, day } = parseIsoDate(value);
    return Date.UTC(year, month - 1, day);
  }
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const epochMs = Date.parse(hasZone ? value : `${value}Z`);
  if (Number.isNaN(epochMs)) throw new RangeError(`Not a date or timestamp: "${value}"`);
  return epochMs;
}

export { DAY_MS };
