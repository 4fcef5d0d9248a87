// The database's rate limits as the islands meet them: a trigger or function raises SQLSTATE PT429, which
// PostgREST answers with HTTP 429 (the comments' posting limit, the enquiry limit, the waitlist's probes).
import { DataError } from './data';

/** The SQLSTATE every rate limit in the schema raises. */
export const RATE_LIMIT_SQLSTATE = 'PT429';

/** Whether a failure was a rate limit: its SQLSTATE, or the HTTP 429 PostgREST answers for it. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof DataError && (error.code === RATE_LIMIT_SQLSTATE || error.status === 429);
}
