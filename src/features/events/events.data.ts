/** Reads for the events page; row-level security shows visitors and members only published events. */
import type { BrowserSupabase } from '../../lib/supabase/client';

export interface PublishedEvent {
  id: string;
  slug: string;
  title: string;
  location: string | null;
  start_date: string;
  end_date: string;
}

/** Published events, soonest first (spec §7: status published, ordered by start_date ascending). */
export async function fetchPublishedEvents(client: BrowserSupabase): Promise<PublishedEvent[]> {
  const { data, error } = await client
    .from('events')
    .select('id, slug, title, location, start_date, end_date')
    .eq('status', 'published')
    .order('start_date', { ascending: true });
  if (error) throw new Error(error.message);
  return data;
}
