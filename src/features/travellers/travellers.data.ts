/** The member's travellers through supabase-js; row-level security keeps each member to their own. */
import { getSupabase } from '../../lib/supabase/client';
import type { Traveller, TravellerValues } from './travellers';

const COLUMNS =
  'id, full_name, date_of_birth, phone, dietary_notes, medical_notes, emergency_contact_name, emergency_contact_phone';

/** The caller's own travellers (admins can read everyone's, so filter by user), by name. */
export async function listTravellers(userId: string): Promise<Traveller[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('travellers')
    .select(COLUMNS)
    .eq('user_id', userId)
    .order('full_name');
  if (error) throw new Error(error.message);
  return data;
}

/** Inserts a new traveller (id null) or updates one; user_id is always the caller's (its default). */
export async function saveTraveller(id: string | null, values: TravellerValues): Promise<void> {
  const supabase = await getSupabase();
  const { error } = id
    ? await supabase.from('travellers').update(values).eq('id', id)
    : await supabase.from('travellers').insert(values);
  if (error) throw new Error(error.message);
}

export async function deleteTraveller(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('travellers').delete().eq('id', id);
  if (error) throw new Error(error.message);
}

/** Who travels on a booking (its owner's travellers linked to it), by name. */
export async function listBookingTravellers(bookingId: string): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('booking_travellers')
    .select('traveller:travellers(full_name)')
    .eq('booking_id', bookingId);
  if (error) throw new Error(error.message);
  return data
    .map((row) => (row.traveller as { full_name: string } | null)?.full_name)
    .filter((name): name is string => Boolean(name))
    .sort((a, b) => a.localeCompare(b));
}
