// The trips the site markets, each with its departures (decision 0067): Sanity's trips, joined by slug to the
// database's departures read at build time, plus a page made from the database's own copy for any upcoming
// departure whose trip Sanity does not have yet, so every departure on sale has a trip page.
import type { Trip } from '../../lib/content/types';
import {
  splitDepartures,
  tripKeyOf,
  type Departure,
  type TripDepartures,
} from '../../lib/departures/departure';
import { departureNights } from '../../lib/departures/departure';

export interface TripPage {
  trip: Trip;
  departures: TripDepartures;
  /** True when Sanity has no trip for these departures: the page shows the database's copy. */
  fromDatabase: boolean;
}

/** Sanity's trips first, in their order, then pages for departures that have no trip in Sanity. */
export function composeTripPages(
  trips: readonly Trip[],
  departures: readonly Departure[],
  today: string,
): TripPage[] {
  const byTrip = Map.groupBy(departures, tripKeyOf);
  const pages: TripPage[] = trips.map((trip) => ({
    trip,
    departures: splitDepartures(byTrip.get(trip.slug) ?? [], today),
    fromDatabase: false,
  }));
  const known = new Set(trips.map((trip) => trip.slug));
  let order = Math.max(0, ...trips.map((trip) => trip.order));
  for (const [key, group] of byTrip) {
    if (known.has(key)) continue;
    const split = splitDepartures(group, today);
    const next = split.upcoming[0];
    if (next === undefined) continue;
    order += 1;
    pages.push({ trip: tripFromDeparture(key, next, order), departures: split, fromDatabase: true });
  }
  return pages;
}

/** A trip as the database describes its departure, for a departure whose trip Sanity does not have. */
function tripFromDeparture(slug: string, departure: Departure, order: number): Trip {
  const description = departure.description ?? departure.title;
  return {
    _id: `departure-${departure.id}`,
    _type: 'trip',
    title: departure.title,
    slug,
    order,
    location: departure.location ?? '',
    summary: description.length > 300 ? `${description.slice(0, 299)}…` : description,
    heroImage: null,
    gallery: null,
    datesNote: null,
    nights: Math.max(1, departureNights(departure)),
    status: 'coming-soon',
    highlights: [],
    inclusions: null,
    itineraryNote: null,
    learnMore: description,
    hauntedSites: null,
    waitlistOpen: true,
    interestOpen: true,
  };
}
