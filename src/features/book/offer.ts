/**
 * A waitlist offer in the booking flow (/book?offer=<token>, decision 0082): which link the address holds,
 * what the offer lets the member book, and what the page says when it cannot be used. The database
 * (public.waitlist_offer, book_departure with the token) decides; these only word it.
 */
import { holdEndsLabel } from './book';

/** What public.waitlist_offer answers for a token. */
export interface WaitlistOffer {
  event_id: string;
  event_title: string;
  places: number;
  expires_at: string;
  state: string;
  email: string;
}

const TOKEN = /^[0-9a-f]{64}$/;

/** The offer's token in ?offer=…: undefined when the address has none, null when it is not a token. */
export function offerTokenFrom(search: string): string | null | undefined {
  const raw = new URLSearchParams(search).get('offer');
  if (raw === null) return undefined;
  const token = raw.trim().toLowerCase();
  return TOKEN.test(token) ? token : null;
}

/** '1 place' or '2 places'. */
const places = (count: number) => (count === 1 ? '1 place' : `${count} places`);

/** The line above the steps while the offer holds its places. */
export function offerHeldText(offer: Pick<WaitlistOffer, 'places' | 'expires_at'>): string {
  return `We are holding ${places(offer.places)} on this departure for you until ${holdEndsLabel(offer.expires_at)}. Book before then to keep ${offer.places === 1 ? 'it' : 'them'}.`;
}

/** Why an offer cannot be used, in the member's words, or null when it is open. */
export function offerClosedText(offer: Pick<WaitlistOffer, 'state' | 'expires_at'>): string | null {
  switch (offer.state) {
    case 'offered':
      return null;
    case 'taken':
      return 'This offer has already been used to book. Your booking is on your dashboard.';
    case 'withdrawn':
      return 'This offer has been withdrawn. Reply to the offer’s e-mail if you still want to travel.';
    default:
      return `This offer expired at ${holdEndsLabel(offer.expires_at)}. Reply to the offer’s e-mail if you still want to travel: we will tell you if places are free.`;
  }
}

/** When the member is signed in with another address than the one the offer went to, what to do. */
export function offerAddressText(offerEmail: string, signedInEmail: string | undefined): string | null {
  if (!signedInEmail || signedInEmail.trim().toLowerCase() === offerEmail) return null;
  return `This offer was sent to ${offerEmail}, but you are signed in as ${signedInEmail}. Sign out, then sign in or register with ${offerEmail} to book with it.`;
}

/**
 * The places the member may choose with the offer: the places left to everyone plus the offer's own (it
 * counts as taken until it is used), on a departure that is open or shows as sold out only because of it.
 */
export function placesWithOffer(
  departure: { state: string; places_left: number | null },
  offer: Pick<WaitlistOffer, 'places'>,
): number | null | undefined {
  if (departure.state !== 'open' && departure.state !== 'sold-out') return undefined;
  return departure.places_left === null ? null : departure.places_left + offer.places;
}
