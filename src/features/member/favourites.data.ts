/** The member's favourited events (favorites rows, event embedded) and un-favouriting one. */
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

export async function removeFavourite(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('favorites').delete().eq('id', id);
  if (error) throw new Error(error.message);
}
