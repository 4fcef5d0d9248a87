/**
 * Reactions and follows on the events page (spec §7), for all events at once, never a request per event:
 * the counts (one request to the event_reaction_counts view), the member's own reactions (one) and follows
 * (one). Row-level security limits them (reactions on published events; follows only the caller's own).
 */
import type { BrowserSupabase } from '../../lib/supabase/client';
import type { ReactionState, ReactionType } from './reactions';

/** Counts per event and type, and the reactions `userId` gave (none for a visitor), in parallel. */
export async function fetchReactions(client: BrowserSupabase, userId: string | null): Promise<ReactionState> {
  const [counts, mine] = await Promise.all([
    client.from('event_reaction_counts').select('event_id, reaction_type, total'),
    userId
      ? client.from('reactions').select('event_id, reaction_type').eq('user_id', userId)
      : Promise.resolve({ data: [], error: null }),
  ]);
  if (counts.error) throw new Error(counts.error.message);
  if (mine.error) throw new Error(mine.error.message);
  // The view's columns come from an aggregate, so the generated types call them nullable.
  return {
    counts: counts.data.map((row) => ({
      event_id: row.event_id!,
      reaction_type: row.reaction_type!,
      total: row.total ?? 0,
    })),
    mine: mine.data,
  };
}

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

/** Ids of the events the member follows (an admin may read everyone's, so filtered by the member). */
export async function fetchMyFollows(client: BrowserSupabase, userId: string): Promise<string[]> {
  const { data, error } = await client.from('event_follows').select('event_id').eq('user_id', userId);
  if (error) throw new Error(error.message);
  return data.map((row) => row.event_id);
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
