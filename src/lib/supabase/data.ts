/**
 * The one way a data module (`src/features/<feature>/<feature>.data.ts`) reaches the database and reports a
 * failure. Each data function takes the client loader as its last argument, defaulting to the page's shared
 * client, so a test passes `loaderOf(client)` with a client of `startTestStack()` instead of mocking a module.
 * A failed call throws a DataError carrying PostgREST's code and HTTP status; a feature that turns some codes
 * into outcomes (a duplicate, a rate limit) reads them from the error, never from a string.
 */
import { getSupabase, type BrowserSupabase } from './client';

export type { BrowserSupabase };

/** Where a data function gets its client: the page's shared one unless a test passes its own. */
export type LoadClient = () => Promise<BrowserSupabase>;

export const sharedClient: LoadClient = getSupabase;

/** A loader for a client already at hand (tests, or an island that holds one). */
export function loaderOf(client: BrowserSupabase): LoadClient {
  return () => Promise.resolve(client);
}

/**
 * A failed database call: the server's message, its Postgres or PostgREST code, the HTTP status, and the
 * server's hint when it gave one (a list's unknown sort key names the keys there: decision 0052).
 */
export class DataError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status?: number,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'DataError';
  }
}

interface ErrorLike {
  message: string;
  code?: string | undefined;
  hint?: string | null | undefined;
}

/** The DataError for a supabase-js error (PostgREST, Auth or Storage). */
export function dataError(error: ErrorLike, status?: number): DataError {
  return new DataError(error.message, error.code || undefined, status, error.hint || undefined);
}

type Result<T> =
  { data: T; error: null; status?: number } | { data: null; error: ErrorLike; status?: number };

/** The data of a supabase-js result, or its error thrown as a DataError. */
export function unwrap<T>(result: Result<T>): T {
  if (result.error) throw dataError(result.error, result.status);
  return result.data as T;
}

/** The code of a DataError (or of anything thrown), for features that map codes to outcomes. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof DataError ? error.code : undefined;
}
