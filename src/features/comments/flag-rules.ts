// Reports (flags) of comments and replies: the same limit as the database's (comment_flags.reason CHECK in
// supabase/schemas/05_moderation.sql).
import { characterCount } from '../../lib/rules/text';

/** Most characters a report's optional reason may hold (CHECK char_length(reason) <= 500). */
export const FLAG_REASON_MAX = 500;

/** What a report saves as its reason: the trimmed text, or null when nothing was written. */
export function flagReason(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}

/** Whether the reason can be saved: empty (no reason) or at most FLAG_REASON_MAX characters. */
export function flagReasonOk(value: string): boolean {
  return characterCount(value.trim()) <= FLAG_REASON_MAX;
}
