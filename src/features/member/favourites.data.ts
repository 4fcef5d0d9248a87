/** The member's favourited events (favorites rows, event embedded) and un-favouriting (unfollowing) one. */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';

export interface Favourite {
  id: string;
  event: { id: string; title: string; start_date: string; end_date: string; location: string | null } | null;
}

export async function listFavourites(
  userId: string,
  client: LoadClient = sharedClient,
): Promise<Favourite[]> {
  const supabase = await client();
  const rows = unwrap(
    await supabase
      .from('favorites')
      .select('id, event:events(id, title, start_date, end_date, location)')
      .eq('user_id', userId)
      .order('created_at', { ascending: false }),
  );
  return rows;
}

/**
 * Un-favouriting is unfollowing: one toggle sets both (spec §4), through the same call as the events page,
 * so /events never shows a favourite removed here as still followed. Only the caller's own rows change.
 */
export async function removeFavourite(eventId: string, client: LoadClient = sharedClient): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.rpc('set_event_follow', { followed_event: eventId, follow: false }));
}
