/**
 * Reporting a comment or reply (table comment_flags). The row is always the caller's own (user_id is its
 * default; the column is not even granted), and the database takes one report per member and target, so a
 * second one comes back as a unique violation (23505).
 */
import { flagReason } from '../../lib/rules';
import type { BrowserSupabase } from '../../lib/supabase/client';
import type { FlagOutcome, FlagTarget } from './flags';

export async function flagPost(
  client: BrowserSupabase,
  target: FlagTarget,
  reasonTyped: string,
): Promise<FlagOutcome> {
  const reason = flagReason(reasonTyped);
  const { error } = await client.from('comment_flags').insert({
    comment_id: target.kind === 'comment' ? target.id : null,
    reply_id: target.kind === 'reply' ? target.id : null,
    reason,
  });
  if (!error) return 'done';
  return error.code === '23505' ? 'already' : 'failed';
}
