// Comments and replies: the same limits as the database's (comments.content and comment_replies.content
// CHECKs in 20261121000400_create_comments.sql).
import { characterCount } from './text';

/** Most characters a comment or reply may hold (CHECK char_length(content) <= 2000). */
export const COMMENT_MAX = 2000;

/** Whether the text can be posted: something besides whitespace, and no more than COMMENT_MAX. */
export function commentTextOk(value: string): boolean {
  const text = value.trim();
  return text !== '' && characterCount(text) <= COMMENT_MAX;
}
