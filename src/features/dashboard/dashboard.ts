/**
 * The dashboard's figures, from the member's own rows only: never sample numbers (spec: Dashboard).
 */
import { isCompletedBooking, type MemberBooking } from '../bookings/bookings';

/** The first word of the profile's full name, else 'User'. */
export function greetingName(fullName: string | null | undefined): string {
  return fullName?.trim().split(/\s+/)[0] || 'User';
}

export interface Tiles {
  bookedEvents: number;
  publishedEvents: number;
  favourites: number;
  completedEvents: number;
}

/** Booked: every booking not cancelled. Completed: bookings done or whose event has ended. */
export function computeTiles(
  bookings: readonly Pick<MemberBooking, 'status' | 'event'>[],
  counts: { publishedEvents: number; favourites: number },
  today: string,
): Tiles {
  return {
    bookedEvents: bookings.filter((booking) => booking.status !== 'cancelled').length,
    publishedEvents: counts.publishedEvents,
    favourites: counts.favourites,
    completedEvents: bookings.filter((booking) => isCompletedBooking(booking, today)).length,
  };
}
