/**
 * Reactions and follows on the events page (spec §7): the writes. The page reads them with the events
 * (events.data.ts). Row-level security limits them (reactions on published events; follows the caller's own).
 */
import type { BrowserSupabase } from '../../lib/supabase/client';
import type { ReactionType } from './reactions';

/** The member's reaction added (present = false) or removed (present = true). */
export async function saveReaction(
  client: BrowserSupabase,
  row: { user_id: string; event_id: string; reaction_type: ReactionType },
  present: boolean,
): Promise<void> {
  const { error } = present
    ? await client
        .from('reactions')
        .delete()
        .eq('user_id', row.user_id)
        .eq('event_id', row.event_id)
        .eq('reaction_type', row.reaction_type)
    : await client.from('reactions').insert(row);
  if (error) throw new Error(error.message);
}

/** Follow and favourite together, or neither (one transaction: public.set_event_follow). */
export async function setEventFollow(
  client: BrowserSupabase,
  eventId: string,
  follow: boolean,
): Promise<void> {
  const { error } = await client.rpc('set_event_follow', { followed_event: eventId, follow });
  if (error) throw new Error(error.message);
}
