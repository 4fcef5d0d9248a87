/**
 * The dashboard's figures, from the member's own rows only: never sample numbers (spec: Dashboard).
 */
import { isCompletedBooking, type MemberBooking } from '../bookings/bookings';

/** The first word of the profile's full name, else 'User'. */
export function greetingName(fullName: string | null | undefined): string {
  return fullName?.trim().split(/\s+/)[0] || 'User';
}

/** How the dashboard greets: 'Welcome' on a member's first visit, 'Welcome back' after. */
export function greeting(fullName: string | null | undefined, firstVisit: boolean): string {
  return `${firstVisit ? 'Welcome' : 'Welcome back'}, ${greetingName(fullName)}!`;
}

/** The times the auth service keeps on a user (supabase-js's `User`), as ISO timestamps. */
export interface SignInTimes {
  created_at: string;
  email_confirmed_at?: string | null;
  last_sign_in_at?: string | null;
}

/** The first sign-in follows the account's confirmation within this long (the link signs in at once). */
export const FIRST_SIGN_IN_WITHIN_MS = 10 * 60 * 1000;
/** A member is new for the first day after joining. */
export const NEW_MEMBER_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * A member's first visit: their latest sign-in is still the first one, the one that came with joining
 * (the confirmation or invitation link signs in as it confirms; an account the company made is confirmed
 * when made and signed in soon after), and they joined less than a day ago. The auth service moves
 * `last_sign_in_at` on every sign-in (not when a session is refreshed), so any later sign-in makes it
 * 'Welcome back'. Decision 0062.
 */
export function isFirstVisit(user: SignInTimes, now: Date = new Date()): boolean {
  const joined = Date.parse(user.email_confirmed_at ?? user.created_at);
  if (Number.isNaN(joined) || now.getTime() - joined >= NEW_MEMBER_FOR_MS) return false;
  if (!user.last_sign_in_at) return true;
  return Date.parse(user.last_sign_in_at) - joined <= FIRST_SIGN_IN_WITHIN_MS;
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
