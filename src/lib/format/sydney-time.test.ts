// Every moment is shown in Sydney's time whatever zone the process (or the browser) runs in: these tests
// switch the process's zone (Node applies a new TZ at once) and check instants either side of Sydney's
// daylight-saving changes in 2026 (clocks back 3 am → 2 am on 5 April, forward 2 am → 3 am on 4 October).
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, sydneyDate } from './dates';
import { formatMonth } from './date-words';
import { sydneyToday } from './today';

const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Australia/Perth'];
const originalZone = process.env.TZ;

afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe.each(ZONES)('with the process in %s', (zone) => {
  it('really runs there: the browser-zone formatting the module replaced says another time', () => {
    process.env.TZ = zone;
    const moment = '2026-10-03T16:00:00Z';
    const inProcessZone = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
    expect(inProcessZone.format(new Date(moment))).not.toBe(formatDateTime(moment));
  });

  it('shows moments in Sydney, on both sides of the spring-forward hour', () => {
    process.env.TZ = zone;
    expect(formatDateTime('2026-10-03T15:59:00Z')).toMatch(/^4 Oct 2026, 1:59\s?am$/i);
    expect(formatDateTime('2026-10-03T16:00:00Z')).toMatch(/^4 Oct 2026, 3:00\s?am$/i);
  });

  it('shows the hour that repeats when the clocks go back as the same words, an hour apart', () => {
    process.env.TZ = zone;
    expect(formatDateTime('2026-04-04T15:30:00Z')).toMatch(/^5 Apr 2026, 2:30\s?am$/i);
    expect(formatDateTime(new Date('2026-04-04T16:30:00Z'))).toMatch(/^5 Apr 2026, 2:30\s?am$/i);
    expect(formatDateTime('2026-04-04T17:30:00Z')).toMatch(/^5 Apr 2026, 3:30\s?am$/i);
  });

  it("takes a moment's date from Sydney's calendar", () => {
    process.env.TZ = zone;
    // 13:30 UTC on 31 December is 00:30 on New Year's Day in Sydney (daylight time, UTC+11).
    expect(sydneyDate('2026-12-31T13:30:00Z')).toBe('2027-01-01');
    expect(sydneyToday(new Date('2026-12-31T13:30:00Z'))).toBe('2027-01-01');
    // Winter (UTC+10): 13:30 UTC is still the same day.
    expect(sydneyDate('2026-06-30T13:30:00Z')).toBe('2026-06-30');
    expect(formatDate(sydneyDate('2026-12-31T13:30:00Z'))).toBe('1 Jan 2027');
    expect(formatMonth(sydneyDate('2026-11-30T20:00:00Z'))).toBe('December 2026');
  });

  it('shows calendar dates as written, never a day off', () => {
    process.env.TZ = zone;
    expect(formatDate('2026-12-05')).toBe('5 Dec 2026');
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatDayMonth('2026-11-23')).toBe('23 Nov');
    expect(formatMonth('2026-10')).toBe('October 2026');
  });
});

describe('reading input', () => {
  it('reads a timestamp without a zone as UTC, as the rest of the format module does', () => {
    expect(formatDateTime('2026-01-01T00:30:00')).toBe(formatDateTime('2026-01-01T00:30:00Z'));
  });

  it('refuses a calendar date that does not exist, or a moment where a date belongs', () => {
    expect(() => formatDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatDate('2026-12-05T10:00:00Z')).toThrow(RangeError);
    expect(() => formatDateTime('not a time')).toThrow(RangeError);
  });
});

describe('sydneyDate without Intl for most of the day (issue 25)', () => {
  it("agrees with Intl's Sydney calendar at every quarter hour of 2026 and 2027, both changes of clocks included", () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'Australia/Sydney',
    });
    const QUARTER_HOUR_MS = 15 * 60_000;
    const disagreements: string[] = [];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += QUARTER_HOUR_MS) {
      const moment = new Date(ms);
      if (sydneyDate(moment) !== intl.format(moment)) disagreements.push(moment.toISOString());
    }
    expect(disagreements).toEqual([]);
  });
});
