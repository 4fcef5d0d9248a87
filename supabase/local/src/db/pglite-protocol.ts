// The messages between the main thread and the worker that owns PGlite (pglite-worker.ts, pglite-thread.ts).
import type { QueryResult } from './types.ts';

export interface WorkerOptions {
  /** Where PGlite keeps its files (always a folder: a worker that is terminated must not lose the data). */
  dataDir: string;
  /** PGlite's WebAssembly, compiled once per process: a restarted worker reopens without compiling again. */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  /** PGlite's file-system bundle (pglite.data), read once. */
  fsBundle: Uint8Array<ArrayBuffer>;
}

/** `begin`: open a transaction block first (saves the transaction's first round trip). */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; begin?: boolean }
  | { id: number; op: 'exec'; sql: string; begin?: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

/** An error crossing the thread boundary: Postgres's fields (code, detail, hint …) kept as they were. */
export interface WorkerError {
  message: string;
  fields: Record<string, unknown>;
  /** PGlite itself broke (a WebAssembly abort, e.g. out of memory): the worker must be replaced. */
  fatal: boolean;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; error: WorkerError }
  | {
      type: 'done';
      id: number;
      result?: QueryResult<unknown> | undefined;
      /** The session's statement_timeout in ms after this statement (0 = none), for the next deadline. */
      statementTimeoutMs: number;
    }
  | { type: 'error'; id: number; error: WorkerError; statementTimeoutMs: number }
  | { type: 'notify'; channel: string };

/** What PostgreSQL answers when statement_timeout cancels a statement. */
export function statementTimeoutError(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
    severity: 'ERROR',
  });
}

/** Rebuilds an Error on the main thread with Postgres's fields, so callers see what the driver throws. */
export function toError({ message, fields }: WorkerError): Error {
  return Object.assign(new Error(message), fields);
}

export function fromError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error), fields: {}, fatal: false };
  const fields: Record<string, unknown> = {};
  // Postgres's fields are strings (code, detail, hint, position …); PGlite also attaches the query and its
  // options, which cannot cross threads and callers never read.
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  const fatal = error instanceof WebAssembly.RuntimeError || /^Aborted\(/.test(error.message);
  return { message: error.message, fields, fatal };
}
