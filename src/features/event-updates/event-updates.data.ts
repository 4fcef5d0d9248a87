/** The member's event updates (one request, event and own read markers embedded) and marking them read. */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { toUpdateItems, type EventUpdateItem } from './event-updates';

export async function listEventUpdates(client: LoadClient = sharedClient): Promise<EventUpdateItem[]> {
  const supabase = await client();
  // RLS returns only the updates of events the member follows or has booked, and only their own markers.
  const rows = unwrap(
    await supabase
      .from('event_updates')
      .select(
        'id, title, body, body_html, image_path, image_alt, created_at, event:events(id, title, start_date), reads:event_update_reads(read_at)',
      )
      .order('created_at', { ascending: false })
      .limit(200),
  );
  return toUpdateItems(rows);
}

/** One request for all of them; a marker that already exists is left as it is. */
export async function markUpdatesRead(
  updateIds: readonly string[],
  client: LoadClient = sharedClient,
): Promise<void> {
  if (updateIds.length === 0) return;
  const supabase = await client();
  unwrap(
    await supabase.from('event_update_reads').upsert(
      updateIds.map((update_id) => ({ update_id })),
      { onConflict: 'update_id,user_id', ignoreDuplicates: true },
    ),
  );
}
