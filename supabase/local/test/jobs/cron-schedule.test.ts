import { describe, expect, it } from 'vitest';
import { lastDueTime, parseSchedule, ScheduleError } from '../../src/jobs/cron-schedule.ts';

// pg_cron's schedules as the stack reads them (UTC, pg_cron's and Supabase's default time zone).
const at = (iso: string) => new Date(iso);

describe('pg_cron schedules', () => {
  it('reads five fields with lists, ranges and steps', () => {
    const schedule = parseSchedule('*/15 9-17 * * 1-5');
    expect(schedule.kind).toBe('fields');
    if (schedule.kind !== 'fields') return;
    expect([...schedule.minutes]).toEqual([0, 15, 30, 45]);
    expect([...schedule.hours]).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect([...schedule.weekdays]).toEqual([1, 2, 3, 4, 5]);
    expect(parseSchedule('0 0 * * 7')).toMatchObject({ weekdays: new Set([0]) });
    expect(parseSchedule('30 seconds')).toEqual({ kind: 'seconds', every: 30 });
  });

  it('refuses what pg_cron refuses', () => {
    for (const bad of [
      '* * * *',
      '60 * * * *',
      '* 24 * * *',
      '* * 0 * *',
      '* * * 13 *',
      '5-1 * * * *',
      '0 seconds',
      'hourly',
    ])
      expect(() => parseSchedule(bad), bad).toThrow(ScheduleError);
  });

  it('finds the latest due time since the last look, once however long the scheduler was away', () => {
    const daily = parseSchedule('0 21 * * *');
    expect(lastDueTime(daily, at('2026-12-01T20:59:00Z'), at('2026-12-01T21:00:30Z'))).toEqual(
      at('2026-12-01T21:00:00Z'),
    );
    expect(lastDueTime(daily, at('2026-12-01T21:00:30Z'), at('2026-12-01T21:05:00Z'))).toBeNull();
    // Three days away: one run, at the latest due time.
    expect(lastDueTime(daily, at('2026-12-01T21:05:00Z'), at('2026-12-04T22:00:00Z'))).toEqual(
      at('2026-12-04T21:00:00Z'),
    );
    expect(lastDueTime(daily, at('2026-12-01T21:00:00Z'), at('2026-12-01T21:00:00Z'))).toBeNull();
  });

  it('is due on a day matching either the day of month or the day of week when both are given, as cron', () => {
    const schedule = parseSchedule('0 0 1 * 1');
    // 2026-12-07 is a Monday, not the 1st; 2026-12-01 is a Tuesday and the 1st; 2026-12-02 is neither.
    expect(lastDueTime(schedule, at('2026-12-06T23:59:00Z'), at('2026-12-07T00:00:00Z'))).not.toBeNull();
    expect(lastDueTime(schedule, at('2026-11-30T23:59:00Z'), at('2026-12-01T00:00:00Z'))).not.toBeNull();
    expect(lastDueTime(schedule, at('2026-12-01T23:59:00Z'), at('2026-12-02T00:00:00Z'))).toBeNull();
    // With the day of week left as *, only the day of month counts.
    expect(
      lastDueTime(parseSchedule('0 0 1 * *'), at('2026-12-06T23:59:00Z'), at('2026-12-07T00:00:00Z')),
    ).toBeNull();
  });

  it('runs a seconds schedule at each multiple of its interval', () => {
    const schedule = parseSchedule('20 seconds');
    expect(lastDueTime(schedule, at('2026-12-01T00:00:05Z'), at('2026-12-01T00:00:19Z'))).toBeNull();
    expect(lastDueTime(schedule, at('2026-12-01T00:00:05Z'), at('2026-12-01T00:00:45Z'))).toEqual(
      at('2026-12-01T00:00:40Z'),
    );
  });
});
