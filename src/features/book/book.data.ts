/**
 * The booking flow's reads and its one write, through supabase-js (decision 0072). The database decides:
 * departure_availability counts the places, quote_booking prices, book_departure books (or refuses).
 */
import type { DepartureAvailability } from '../../lib/departures/availability';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { TravellerValues } from '../travellers/travellers';
import type { QuoteLine, RoomOption } from './book';
import type { WaitlistOffer } from './offer';

export interface BookableEvent {
  id: string;
  title: string;
  location: string | null;
  start_date: string;
  end_date: string;
  price_cents: number | null;
  currency: string;
  /** Its room options in their order (decision 0077); none: the flow has no rooms step. */
  room_options: RoomOption[];
}

/**
 * The departure to book with its room options (embedded: the same request), or null when there is none the
 * caller may read (drafts and unknown ids).
 */
export async function fetchBookableEvent(
  eventId: string,
  client: LoadClient = sharedClient,
): Promise<BookableEvent | null> {
  const supabase = await client();
  const row = unwrap(
    await supabase
      .from('events')
      .select(
        'id, title, location, start_date, end_date, price_cents, currency, event_room_options(id, label, supplement_cents, sort_order)',
      )
      .eq('id', eventId)
      .neq('status', 'draft')
      .maybeSingle(),
  );
  if (!row) return null;
  const { event_room_options: options, ...event } = row;
  return {
    ...event,
    room_options: [...options]
      .sort((a, b) => a.sort_order - b.sort_order || a.label.localeCompare(b.label))
      .map(({ id, label, supplement_cents }) => ({ id, label, supplement_cents })),
  };
}

/** The departure's live state (open, sold out, opens on…) and its places left; null for no row. */
export async function fetchDepartureState(
  eventId: string,
  client: LoadClient = sharedClient,
): Promise<DepartureAvailability | null> {
  const supabase = await client();
  const rows = unwrap(await supabase.rpc('departure_availability', { event_ids: [eventId] }));
  return (rows[0] as DepartureAvailability | undefined) ?? null;
}

/**
 * What booking `travellers` would cost today, instalment by instalment (nothing is held); `rooms`, one
 * option per traveller, on a departure that offers them (left out otherwise).
 */
export async function fetchQuote(
  eventId: string,
  travellers: number,
  rooms?: readonly string[],
  client: LoadClient = sharedClient,
): Promise<QuoteLine[]> {
  const supabase = await client();
  return unwrap(
    await supabase.rpc('quote_booking', {
      p_event_id: eventId,
      p_travellers: travellers,
      ...(rooms ? { p_rooms: [...rooms] } : {}),
    }),
  );
}

/** The version of the terms a booking accepts now. */
export async function fetchTermsVersion(client: LoadClient = sharedClient): Promise<string> {
  const supabase = await client();
  return unwrap(await supabase.rpc('current_terms_version'));
}

/** Saves a new traveller for the caller (user_id is theirs by default) and gives its id to pick it. */
export async function addTraveller(
  values: TravellerValues,
  client: LoadClient = sharedClient,
): Promise<string> {
  const supabase = await client();
  return unwrap(await supabase.from('travellers').insert(values).select('id').single()).id;
}

/** What the member needs once booked: how to pay and how long the places are held. */
export interface NewBooking {
  id: string;
  bank_reference: string | null;
  hold_expires_at: string | null;
  deposit_cents: number;
  total_cents: number;
  currency: string;
}

/**
 * Books the caller's travellers (pending, places held); a refusal throws a DataError (PT409, 22023…).
 * `offer`: a waitlist offer's token (decision 0082), whose held places the booking takes.
 */
export async function bookDeparture(
  eventId: string,
  travellerIds: readonly string[],
  termsVersion: string,
  rooms?: readonly string[],
  offer?: string,
  client: LoadClient = sharedClient,
): Promise<NewBooking> {
  const supabase = await client();
  const booking = unwrap(
    await supabase.rpc('book_departure', {
      p_event_id: eventId,
      p_traveller_ids: [...travellerIds],
      p_terms_version: termsVersion,
      ...(rooms ? { p_rooms: [...rooms] } : {}),
      ...(offer ? { p_offer: offer } : {}),
    }),
  );
  return {
    id: booking.id,
    bank_reference: booking.bank_reference,
    hold_expires_at: booking.hold_expires_at,
    deposit_cents: booking.deposit_cents,
    total_cents: booking.total_cents,
    currency: booking.currency,
  };
}

/** What a waitlist offer's link holds (public.waitlist_offer), or null when the token is no offer. */
export async function fetchWaitlistOffer(
  token: string,
  client: LoadClient = sharedClient,
): Promise<WaitlistOffer | null> {
  const supabase = await client();
  const rows = unwrap(await supabase.rpc('waitlist_offer', { p_token: token }));
  return rows[0] ?? null;
}
