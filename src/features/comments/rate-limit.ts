// The database's posting limit as the comments area meets it (20261125200001_limit_comment_rate.sql).
import { COMMENT_RATE_SQLSTATE } from './comment-rules';

/** What the member reads when the database refuses a post for posting too often. */
export const POSTING_TOO_FAST = 'You are posting too fast. Please wait a minute and try again.';

/** Whether a failed insert was the per-minute limit: its SQLSTATE, or PostgREST's HTTP 429 for it. */
export function refusedForRate(result: {
  error: { code?: string | undefined } | null;
  status: number;
}): boolean {
  return result.error !== null && (result.error.code === COMMENT_RATE_SQLSTATE || result.status === 429);
}

/** An admin's suspension (20261127100001_comment_moderation.sql): its message says until when. */
export const COMMENT_SUSPENDED_SQLSTATE = 'PT403';
