/**
 * A phone booking's rules for the screen (decision 0074, amended): which departures are offered and the
 * member's words for a refusal (the rooms are the booking flow's, roomIdsFor). The database
 * (admin_book_departure, the member's rules through book_departure_core) has the last word on each.
 */
import { availabilityLabel } from '../../../lib/departures/availability';
import { formatDate } from '../../../lib/format/dates';
import { refusalOf } from '../../book/book';
import { refusalText } from './refusals';
import type { DepartureChoice, MemberChoice } from './phone-booking.data';

/** "Haunted Hobart (12 Mar 2027) · 3 places left". */
export function departureLabel(departure: DepartureChoice): string {
  const when = `${departure.title} (${formatDate(departure.start_date)})`;
  return departure.availability ? `${when} · ${availabilityLabel(departure.availability)}` : when;
}

/** Open for bookings now: the departures the dialog lets the admin pick. */
export const isBookable = (departure: DepartureChoice) => departure.availability?.state === 'open';

/** "Ada Lovelace (ada@example.com)", or the e-mail alone when no name was given. */
export const memberLabel = (member: MemberChoice) =>
  member.full_name ? `${member.full_name} (${member.email})` : member.email;

/**
 * A refusal as the database words it: places ('sold out', 'only N places left') as the booking flow says
 * them, 22023 and P0002 with a capital letter, anything else as the admin screens say it.
 */
export function phoneRefusal(error: unknown, currency: string): string {
  return refusalOf(error)?.message ?? refusalText(error, currency);
}
