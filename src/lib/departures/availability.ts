// A departure's live state, as public.departure_availability answers it when a trip page is shown (decision
// 0067), and the words the page shows for it.
import { formatOrdinalDate } from '../format/date-words';

export type DepartureState = 'open' | 'sold-out' | 'opens' | 'closed' | 'past' | 'cancelled';

export interface DepartureAvailability {
  event_id: string;
  state: DepartureState;
  /** null: places are not limited. */
  places_left: number | null;
  /** The first day bookings are taken, when set. */
  opens_on: string | null;
}

/** "3 places left", "Sold out", "Booking opens 1st March, 2027", "Bookings closed", "Departed", "Cancelled". */
export function availabilityLabel({ state, places_left, opens_on }: DepartureAvailability): string {
  switch (state) {
    case 'open':
      if (places_left === null) return 'Places available';
      return `${places_left} ${places_left === 1 ? 'place' : 'places'} left`;
    case 'sold-out':
      return 'Sold out';
    case 'opens':
      return opens_on === null ? 'Booking opens soon' : `Booking opens ${formatOrdinalDate(opens_on)}`;
    case 'closed':
      return 'Bookings closed';
    case 'past':
      return 'Departed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** Reads the live state of the given departures in one request, as the anon role. */
export async function fetchAvailability(
  supabaseUrl: string,
  anonKey: string,
  eventIds: readonly string[],
  fetcher: typeof fetch = fetch,
): Promise<DepartureAvailability[]> {
  const response = await fetcher(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/departure_availability`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ event_ids: eventIds }),
  });
  if (!response.ok) throw new Error(`departure_availability answered ${response.status}`);
  return (await response.json()) as DepartureAvailability[];
}
