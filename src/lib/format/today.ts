// "Today" is the company's day: the calendar date in Sydney, whatever the time zone of the machine that
// builds the site or of the browser that shows it. Event and trip dates are calendar dates in that sense.
import { sydneyDate } from './dates';

/** Today's date in Sydney as YYYY-MM-DD. */
export function sydneyToday(now: Date = new Date()): string {
  return sydneyDate(now);
}

/** An event has ended once the day after its end date has begun (it runs through its last day). */
export function hasEnded(endDate: string, today: string): boolean {
  return endDate < today;
}

/** Upcoming: it starts today or later. A trip that started yesterday is no longer offered. */
export function isUpcoming(startDate: string, today: string): boolean {
  return startDate >= today;
}
