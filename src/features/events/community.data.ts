/**
 * Reactions and follows on the events page (spec §7): the writes. The page reads them with the events
 * (events.data.ts). Row-level security limits them (reactions on published events; follows the caller's own).
 */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { ReactionType } from './reactions';

/** The member's reaction added (present = false) or removed (present = true). */
export async function saveReaction(
  row: { user_id: string; event_id: string; reaction_type: ReactionType },
  present: boolean,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(
    present
      ? // Row-level security deletes only the member's own (user_id is not readable, so not filtered on).
        await supabase
          .from('reactions')
          .delete()
          .eq('event_id', row.event_id)
          .eq('reaction_type', row.reaction_type)
      : await supabase.from('reactions').insert(row),
  );
}

/** Follow and favourite together, or neither (one transaction: public.set_event_follow). */
export async function setEventFollow(
  eventId: string,
  follow: boolean,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.rpc('set_event_follow', { followed_event: eventId, follow }));
}
