/**
 * Reporting a comment or reply (table comment_flags). The row is always the caller's own (user_id is its
 * default; the column is not even granted), and the database takes one report per member and target, so a
 * second one comes back as a unique violation (23505).
 */
import { flagReason } from './flag-rules';
import { errorCode, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { FlagOutcome, FlagTarget } from './flags';

export async function flagPost(
  target: FlagTarget,
  reasonTyped: string,
  client: LoadClient = sharedClient,
): Promise<FlagOutcome> {
  const reason = flagReason(reasonTyped);
  const supabase = await client();
  try {
    unwrap(
      await supabase.from('comment_flags').insert({
        comment_id: target.kind === 'comment' ? target.id : null,
        reply_id: target.kind === 'reply' ? target.id : null,
        reason,
      }),
    );
    return 'done';
  } catch (error) {
    // A second report by the same member is the unique index's refusal; any other refusal failed.
    return errorCode(error) === '23505' ? 'already' : 'failed';
  }
}
