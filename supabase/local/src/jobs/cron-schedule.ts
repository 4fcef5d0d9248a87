/**
 * pg_cron's schedules, read as pg_cron reads them (in UTC, its default `cron.timezone`, and Supabase's): five
 * fields (minute 0-59, hour 0-23, day of month 1-31, month 1-12, day of week 0-7 with 0 and 7 both Sunday),
 * each `*`, `n`, `a-b`, a list of those, with `/step`; or '<1-59> seconds'. As in cron, when both the day of
 * month and the day of week are restricted, a day matching either is due.
 */
export type Schedule =
  | { kind: 'seconds'; every: number }
  | {
      kind: 'fields';
      minutes: Set<number>;
      hours: Set<number>;
      days: Set<number>;
      months: Set<number>;
      weekdays: Set<number>;
      anyDay: boolean;
      anyWeekday: boolean;
    };

const RANGES: [min: number, max: number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

export class ScheduleError extends Error {}

function field(text: string, [min, max]: [number, number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new ScheduleError(`invalid schedule field: ${text}`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1)
      throw new ScheduleError(`invalid schedule field: ${text} (${min}-${max})`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

export function parseSchedule(text: string): Schedule {
  const seconds = /^\s*(\d+) seconds?\s*$/.exec(text);
  if (seconds) {
    const every = Number(seconds[1]);
    if (every < 1 || every > 59) throw new ScheduleError(`invalid schedule: ${text}`);
    return { kind: 'seconds', every };
  }
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) throw new ScheduleError(`invalid schedule: ${text}`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, i) => field(part, RANGES[i]!));
  if (weekdays!.delete(7)) weekdays!.add(0);
  return {
    kind: 'fields',
    minutes: minutes!,
    hours: hours!,
    days: days!,
    months: months!,
    weekdays: weekdays!,
    anyDay: parts[2]!.startsWith('*'),
    anyWeekday: parts[4]!.startsWith('*'),
  };
}

function minuteMatches(schedule: Extract<Schedule, { kind: 'fields' }>, at: Date): boolean {
  if (!schedule.minutes.has(at.getUTCMinutes()) || !schedule.hours.has(at.getUTCHours())) return false;
  if (!schedule.months.has(at.getUTCMonth() + 1)) return false;
  const day = schedule.days.has(at.getUTCDate());
  const weekday = schedule.weekdays.has(at.getUTCDay());
  if (schedule.anyDay || schedule.anyWeekday) return day && weekday;
  return day || weekday;
}

const MINUTE = 60_000;
/** A scheduler that was away longer than this runs a job once for the lot, not for each missed time. */
const LOOK_BACK_MINUTES = 366 * 24 * 60;

/**
 * The latest time in (after, until] at which the schedule falls due, or null: a scheduler that looks at
 * `until` and last looked at `after` runs the job once if this is not null, as pg_cron runs a job once when
 * its minute comes (it does not catch up every missed run).
 */
export function lastDueTime(schedule: Schedule, after: Date, until: Date): Date | null {
  if (until <= after) return null;
  if (schedule.kind === 'seconds') {
    const every = schedule.every * 1000;
    const due = Math.floor(until.getTime() / every) * every;
    return due > after.getTime() ? new Date(due) : null;
  }
  const first = Math.max(after.getTime(), until.getTime() - LOOK_BACK_MINUTES * MINUTE);
  for (let minute = Math.floor(until.getTime() / MINUTE) * MINUTE; minute > first; minute -= MINUTE) {
    if (minuteMatches(schedule, new Date(minute))) return new Date(minute);
  }
  return null;
}
