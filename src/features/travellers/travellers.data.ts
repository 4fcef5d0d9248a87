/** The member's travellers through supabase-js; row-level security keeps each member to their own. */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { Traveller, TravellerValues } from './travellers';

const COLUMNS =
  'id, full_name, date_of_birth, phone, dietary_notes, medical_notes, emergency_contact_name, emergency_contact_phone';

/** The caller's own travellers (admins can read everyone's, so filter by user), by name. */
export async function listTravellers(
  userId: string,
  client: LoadClient = sharedClient,
): Promise<Traveller[]> {
  const supabase = await client();
  return unwrap(await supabase.from('travellers').select(COLUMNS).eq('user_id', userId).order('full_name'));
}

/** Inserts a new traveller (id null) or updates one; user_id is always the caller's (its default). */
export async function saveTraveller(
  id: string | null,
  values: TravellerValues,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(
    id
      ? await supabase.from('travellers').update(values).eq('id', id)
      : await supabase.from('travellers').insert(values),
  );
}

export async function deleteTraveller(id: string, client: LoadClient = sharedClient): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.from('travellers').delete().eq('id', id));
}

export interface BookingTraveller {
  id: string;
  full_name: string;
}

/** Who travels on a booking (its owner's travellers linked to it), by name. */
export async function listBookingTravellers(
  bookingId: string,
  client: LoadClient = sharedClient,
): Promise<BookingTraveller[]> {
  const supabase = await client();
  const rows = unwrap(
    await supabase
      .from('booking_travellers')
      .select('traveller:travellers(id, full_name)')
      .eq('booking_id', bookingId),
  );
  return rows
    .map((row) => row.traveller as BookingTraveller | null)
    .filter((traveller): traveller is BookingTraveller => traveller !== null)
    .sort((a, b) => a.full_name.localeCompare(b.full_name));
}

/** Names one of the member's travellers on their booking (the policy refuses anyone else's). */
export async function linkTraveller(
  bookingId: string,
  travellerId: string,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(
    await supabase.from('booking_travellers').insert({ booking_id: bookingId, traveller_id: travellerId }),
  );
}

export async function unlinkTraveller(
  bookingId: string,
  travellerId: string,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(
    await supabase
      .from('booking_travellers')
      .delete()
      .eq('booking_id', bookingId)
      .eq('traveller_id', travellerId),
  );
}
