// A trip's departures: the database's events, the one source of a trip's dates and prices (decision 0067).
// The static pages list them as the build found them; what changes between builds (places left, sold out,
// booking opens on …) comes from departure_availability when the page is shown (./availability.ts).
import { monthName, parseIsoDate } from '../format/calendarDate';
import { nightsBetween } from '../format/dates';
import { formatOrdinalDate, ordinal } from '../format/date-words';
import { isUpcoming } from '../format/today';

export interface Departure {
  id: string;
  /** The departure's own page: /event-details/<slug>. */
  slug: string;
  /** The Sanity trip (/tours/<tripSlug>) it belongs to; null: none named. */
  tripSlug: string | null;
  title: string;
  description: string | null;
  location: string | null;
  status: 'published' | 'completed' | 'cancelled';
  startDate: string;
  endDate: string;
  /** Per person, in cents of `currency`; null: not announced yet. */
  priceCents: number | null;
  currency: string;
  /** Places; null: not limited. */
  capacity: number | null;
  /** Paths in the public event-images bucket, in order. */
  imagePaths: string[];
}

/** The trip page a departure belongs to: its trip's slug, or its own when it names none. */
export function tripKeyOf(departure: Pick<Departure, 'slug' | 'tripSlug'>): string {
  return departure.tripSlug ?? departure.slug;
}

export interface TripDepartures {
  /** Starting today or later, soonest first. */
  upcoming: Departure[];
  /** Started or completed, most recent first. */
  past: Departure[];
}

/**
 * Splits a trip's departures as its page shows them. A cancelled departure is not shown (its island says so until
 * the next build); a departure is past once it has started, never "coming soon".
 */
export function splitDepartures(departures: readonly Departure[], today: string): TripDepartures {
  const shown = departures.filter((departure) => departure.status !== 'cancelled');
  const upcoming = shown
    .filter((departure) => departure.status === 'published' && isUpcoming(departure.startDate, today))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  const past = shown
    .filter((departure) => !upcoming.includes(departure))
    .sort((a, b) => b.startDate.localeCompare(a.startDate));
  return { upcoming, past };
}

/** "12th to 16th February, 2027", "28th February to 3rd March, 2027", "30th December, 2027 to 2nd January, 2028". */
export function departureDatesLabel(departure: Pick<Departure, 'startDate' | 'endDate'>): string {
  const end = formatOrdinalDate(departure.endDate);
  if (departure.endDate === departure.startDate) return end;
  const start = parseIsoDate(departure.startDate);
  const last = parseIsoDate(departure.endDate);
  if (start.year !== last.year) return `${formatOrdinalDate(departure.startDate)} to ${end}`;
  if (start.month !== last.month) return `${ordinal(start.day)} ${monthName(start.month)} to ${end}`;
  return `${ordinal(start.day)} to ${end}`;
}

/** Nights between the first and the last day. */
export function departureNights(departure: Pick<Departure, 'startDate' | 'endDate'>): number {
  return nightsBetween(departure.startDate, departure.endDate);
}
