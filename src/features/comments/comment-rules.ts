// Comments and replies: the same limits as the database's (comments.content and comment_replies.content
// CHECKs and the rate, private.limit_comment_rate(), in supabase/schemas/04_community.sql).
import { characterCount } from '../../lib/rules/text';

/** Most characters a comment or reply may hold (CHECK char_length(content) <= 2000). */
export const COMMENT_MAX = 2000;
/**
 * Most comments and replies together one member may post in a minute: the default of the database's
 * setting private.posting_limits (test stacks raise it; see supabase/local/test/start-test-stack.ts).
 */
export const COMMENTS_PER_MINUTE = 5;
/** The SQLSTATE the rate trigger raises (PostgREST answers HTTP 429). */
export const COMMENT_RATE_SQLSTATE = 'PT429';

/** Whether the text can be posted: something besides whitespace, and no more than COMMENT_MAX. */
export function commentTextOk(value: string): boolean {
  const text = value.trim();
  return text !== '' && characterCount(text) <= COMMENT_MAX;
}
