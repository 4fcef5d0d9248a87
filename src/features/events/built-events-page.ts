// The events page as the build reads it (issue 25): the upcoming events with their reaction counts, as a
// visitor reads them, through supabase-js as the anon role. /events renders these cards into its static
// HTML, so a visitor sees the list at first paint without waiting for JavaScript; the island then reads the
// list live (events.data.ts) and replaces them. Like the trip pages' departures (decision 0068), the build
// needs the database to answer.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../lib/supabase/config';
import { fetchEventsPage, upcomingEvents, type EventsPage } from './events.data';

export async function readBuiltEventsPage(): Promise<EventsPage> {
  const client = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  // Today as the visitor's browser takes it (the real date in Sydney), so the live read agrees.
  return fetchEventsPage(upcomingEvents(), null, () => Promise.resolve(client));
}
