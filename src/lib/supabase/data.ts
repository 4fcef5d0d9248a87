/**
 * The one way a data module (`src/features/<feature>/<feature>.data.ts`) reaches the database and reports a
 * failure. Each data function takes the client loader as its last argument, defaulting to the page's shared
 * client, so a test passes `loaderOf(client)` with a client of `startTestStack()` instead of mocking a module.
 * A failed call throws a DataError carrying PostgREST's code and HTTP status; a feature that turns some codes
 * into outcomes (a duplicate, a rate limit) reads them from the error, never from a string. Storage calls
 * follow the same rule with their own loader (`LoadStorage`), so storage-js still loads only when needed.
 * Decision 0049.
 */
import type { StorageClient } from '@supabase/storage-js';
import { getStorage, getSupabase, type BrowserSupabase } from './client';
import type { Database } from './database.types';

export type { BrowserSupabase, StorageClient };

/** Where a data function gets its client: the page's shared one unless a test passes its own. */
export type LoadClient = () => Promise<BrowserSupabase>;

export const sharedClient: LoadClient = getSupabase;

/** A loader for a client already at hand (tests, or an island that holds one). */
export function loaderOf(client: BrowserSupabase): LoadClient {
  return () => Promise.resolve(client);
}

/** Where a Storage call gets its client: the page's shared one (loaded on first use) unless a test passes its own. */
export type LoadStorage = () => Promise<StorageClient>;

export const sharedStorage: LoadStorage = getStorage;

/** A loader for a Storage client already at hand. */
export function storageOf(storage: StorageClient): LoadStorage {
  return () => Promise.resolve(storage);
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
  /** Auth errors carry their HTTP status themselves; PostgREST results carry it beside the error. */
  status?: number | undefined;
  hint?: string | null | undefined;
}

/** The DataError for a supabase-js error (PostgREST, Auth or Storage). */
export function dataError(error: ErrorLike, status: number | undefined = error.status): DataError {
  return new DataError(error.message, error.code || undefined, status, error.hint || undefined);
}

/** A supabase-js result: PostgREST's, Auth's or Storage's `{ data, error }` (PostgREST adds the status). */
export interface Result {
  data: unknown;
  error: ErrorLike | null;
  status?: number;
}

/**
 * The data a result holds when it succeeded: supabase-js types a result as a union of its success (error
 * null) and its failure, so the success's data type is the one the caller gets.
 */
export type SuccessData<R extends Result> = [Extract<R, { error: null }>] extends [never]
  ? R['data']
  : Extract<R, { error: null }>['data'];

/** The data of a supabase-js result, or its error thrown as a DataError. */
export function unwrap<R extends Result>(result: R): SuccessData<R> {
  if (result.error) throw dataError(result.error, result.status);
  return result.data as SuccessData<R>;
}

/** The code of a DataError (or of anything thrown), for features that map codes to outcomes. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof DataError ? error.code : undefined;
}

type Composites = Database['public']['CompositeTypes'];

/**
 * A composite type as the database fills it: the generator types every attribute nullable (Postgres
 * cannot declare one NOT NULL), so each reader names the attributes that may really be null.
 */
export type Composite<Name extends keyof Composites, Nullable extends keyof Composites[Name] = never> = {
  [Key in keyof Composites[Name]]-?: Key extends Nullable
    ? Composites[Name][Key]
    : NonNullable<Composites[Name][Key]>;
};
