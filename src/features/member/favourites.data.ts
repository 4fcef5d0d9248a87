/** The member's favourited events (favorites rows, event embedded) and un-favouriting (unfollowing) one. */
import { getSupabase } from '../../lib/supabase/client';

export interface Favourite {
  id: string;
  event: { id: string; title: string; start_date: string; end_date: string; location: string | null } | null;
}

export async function listFavourites(userId: string): Promise<Favourite[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('favorites')
    .select('id, event:events(id, title, start_date, end_date, location)')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return data as unknown as Favourite[];
}

/**
 * Un-favouriting is unfollowing: one toggle sets both (spec §4), through the same call as the events page,
 * so /events never shows a favourite removed here as still followed. Only the caller's own rows change.
 */
export async function removeFavourite(eventId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('set_event_follow', { followed_event: eventId, follow: false });
  if (error) throw new Error(error.message);
}
