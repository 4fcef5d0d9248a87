// The build's one read of trips and departures, shared by the landing and every trip page.
import { getTrips } from '../../lib/content';
import { buildToday } from '../../lib/content/build-today';
import { readDepartures } from '../../lib/departures/read-departures';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../lib/supabase/config';
import { composeTripPages, type TripPage } from './trip-pages';

let pages: Promise<TripPage[]> | undefined;

export function getTripPages(): Promise<TripPage[]> {
  pages ??= Promise.all([getTrips(), readDepartures({ url: SUPABASE_URL, anonKey: SUPABASE_ANON_KEY })]).then(
    ([trips, departures]) => composeTripPages(trips, departures, buildToday()),
  );
  return pages;
}

export async function getTripPage(slug: string): Promise<TripPage | undefined> {
  return (await getTripPages()).find((page) => page.trip.slug === slug);
}
