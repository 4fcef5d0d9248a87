import type { TripStatus } from '../content/types';
import { addDays } from './calendarDate';
import { formatMonth, formatOrdinalDate } from './dates';
import { isUpcoming } from './today';

type TripDates = { startDate: string | null; startMonth: string | null; nights: number };

const BADGE_LABELS: Record<TripStatus, string> = {
  'coming-soon': 'Coming Soon',
  'planning-phase': 'Planning Phase',
};

export function badgeLabel(status: TripStatus): string {
  return BADGE_LABELS[status];
}

/** "12th February, 2026" for a fixed date, else "October 2026". */
export function tripDateLabel(trip: TripDates): string {
  if (trip.startDate !== null) return formatOrdinalDate(trip.startDate);
  if (trip.startMonth !== null) return formatMonth(trip.startMonth);
  throw new RangeError('A trip needs a start date or a start month');
}

/** The ISO date of the last day (start + nights), or null while only the month is known. */
export function tripEndDate(trip: TripDates): string | null {
  return trip.startDate === null ? null : addDays(trip.startDate, trip.nights);
}

/** "4 Nights", "1 Night". */
export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? 'Night' : 'Nights'}`;
}

/**
 * A trip has departed once its start date is behind today (the start day itself still counts as
 * upcoming); with only the month known, once that month is over.
 */
export function tripHasDeparted(trip: Pick<TripDates, 'startDate' | 'startMonth'>, today: string): boolean {
  if (trip.startDate !== null) return !isUpcoming(trip.startDate, today);
  if (trip.startMonth !== null) return trip.startMonth < today.slice(0, 7);
  return false;
}

/** What a trip's page offers today: no waitlist and no interest form once it has departed. */
export function tripOffers(
  trip: TripDates & { waitlistOpen: boolean; interestOpen: boolean },
  today: string,
): { waitlist: boolean; interest: boolean; departed: boolean } {
  const departed = tripHasDeparted(trip, today);
  return { waitlist: trip.waitlistOpen && !departed, interest: trip.interestOpen && !departed, departed };
}
