/**
 * A phone booking's reads and its one write (decisions 0074, 0077): the member found server-side
 * (admin_customers, members only), the published departures still to come with their live state
 * (departure_availability), the member's saved travellers (admins read them: row-level security), the
 * departure's room options and admin_book_departure; the quote is the booking flow's (fetchQuote).
 */
import type { DepartureAvailability } from '../../../lib/departures/availability';
import { sydneyDate } from '../../../lib/format/dates';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

export interface MemberChoice {
  id: string;
  full_name: string | null;
  email: string;
}

export interface DepartureChoice {
  id: string;
  title: string;
  start_date: string;
  price_cents: number | null;
  currency: string;
  availability: DepartureAvailability | null;
}

export interface MemberTraveller {
  id: string;
  full_name: string;
  date_of_birth: string | null;
}

export interface RoomChoice {
  id: string;
  label: string;
  supplement_cents: number;
}

export const phoneBookingKeys = {
  members: (search: string) => ['admin', 'bookings', 'phone', 'members', search] as const,
  departures: ['admin', 'bookings', 'phone', 'departures'] as const,
  travellers: (memberId: string) => ['admin', 'bookings', 'phone', 'travellers', memberId] as const,
  rooms: (eventId: string) => ['admin', 'bookings', 'phone', 'rooms', eventId] as const,
  quote: (eventId: string, rooms: readonly (string | null)[]) =>
    ['admin', 'bookings', 'phone', 'quote', eventId, rooms] as const,
};

/** The first ten members whose name or e-mail matches (the customers screen's search, members only). */
export async function searchMembers(
  search: string,
  client: LoadClient = sharedClient,
): Promise<MemberChoice[]> {
  const rows = unwrap(
    await (
      await client()
    ).rpc('admin_customers', {
      search,
      filter: 'member',
      sort: 'name',
      direction: 'asc',
      page_size: 10,
      page_offset: 0,
    }),
  );
  return rows.map(({ id, full_name, email }) => ({ id, full_name, email }));
}

/** Published departures from today on, soonest first, with whether they take bookings now. */
export async function fetchBookableDepartures(client: LoadClient = sharedClient): Promise<DepartureChoice[]> {
  const supabase = await client();
  const events = unwrap(
    await supabase
      .from('events')
      .select('id, title, start_date, price_cents, currency')
      .eq('status', 'published')
      .gte('start_date', sydneyDate(new Date()))
      .order('start_date')
      .limit(200),
  );
  if (events.length === 0) return [];
  const states = unwrap(
    await supabase.rpc('departure_availability', { event_ids: events.map((event) => event.id) }),
  ) as DepartureAvailability[];
  return events.map((event) => ({
    ...event,
    availability: states.find((state) => state.event_id === event.id) ?? null,
  }));
}

/** The member's saved travellers, by name. */
export async function fetchMemberTravellers(
  memberId: string,
  client: LoadClient = sharedClient,
): Promise<MemberTraveller[]> {
  return unwrap(
    await (
      await client()
    )
      .from('travellers')
      .select('id, full_name, date_of_birth')
      .eq('user_id', memberId)
      .order('full_name'),
  );
}

/** The departure's room options (none: the price has no rooms). */
export async function fetchRoomOptions(
  eventId: string,
  client: LoadClient = sharedClient,
): Promise<RoomChoice[]> {
  return unwrap(
    await (
      await client()
    )
      .from('event_room_options')
      .select('id, label, supplement_cents')
      .eq('event_id', eventId)
      .order('sort_order'),
  );
}

/** Books the member's travellers as the admin (terms accepted on their behalf); the new booking's id. */
export async function adminBookDeparture(
  memberId: string,
  eventId: string,
  travellerIds: readonly string[],
  rooms: readonly string[] | null,
  client: LoadClient = sharedClient,
): Promise<string> {
  const supabase = await client();
  const booking = unwrap(
    await supabase.rpc('admin_book_departure', {
      p_member_id: memberId,
      p_event_id: eventId,
      p_traveller_ids: [...travellerIds],
      ...(rooms ? { p_rooms: [...rooms] } : {}),
    }),
  );
  return booking.id;
}
