import { Worker } from 'node:worker_threads';
import { createTemporaryFolder, pgliteArtifacts, removeTemporaryFolder } from './pglite-files.ts';
import {
  statementTimeoutError,
  toError,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol.ts';
import { FairQueue } from './fair-queue.ts';
import { Serial } from './serial.ts';
import type { Database, Queryable, QueryResult } from './types.ts';

const WORKER_FILE = new URL('./pglite-worker.ts', import.meta.url);

type Call =
  | { op: 'query'; sql: string; params: unknown[]; begin?: boolean }
  | { op: 'exec'; sql: string; begin?: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'close' };

interface Pending {
  resolve(result: QueryResult<unknown> | undefined): void;
  reject(error: Error): void;
}

/** Thrown for a statement of a transaction that a restart of the worker already ended, as Postgres says it. */
function abortedTransactionError(): Error {
  return Object.assign(
    new Error('current transaction is aborted, commands ignored until end of transaction block'),
    { code: '25P02', severity: 'ERROR' },
  );
}

/**
 * PGlite in a worker thread, behind the same Database interface as PostgreSQL. The main thread only waits
 * for answers, so it keeps serving while a statement runs. PGlite has one connection: this side runs one
 * unit (a query, a script or a whole transaction) at a time, and within it one statement at a time. Units
 * take turns by client (FairQueue): one client's burst waits behind itself, not in front of everyone else.
 *
 * statement_timeout is enforced here, as Postgres enforces it: each statement gets the deadline the session
 * had when it started (the worker reports the value after every statement that may change it). A statement
 * past its deadline fails with 57014; the worker, which cannot be interrupted, is terminated and PGlite
 * reopened on the same files (Postgres's crash recovery undoes the unfinished transaction). Units waiting
 * meanwhile run on the new worker.
 */
class PgliteThread implements Database {
  readonly kind = 'pglite' as const;
  private worker!: Worker;
  private ready: Promise<void>;
  /** Bumped on every restart: a transaction begun on an older worker is over. */
  private generation = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly units = new FairQueue(1);
  private readonly statements = new Serial();
  private readonly listeners = new Map<string, Set<() => void>>();
  private statementTimeoutMs = 0;
  private closed = false;
  private readonly options: WorkerOptions;
  private readonly removeOnClose: boolean;

  // No parameter properties: scripts/gen-db-types.mjs runs this file with Node's type stripping.
  constructor(options: WorkerOptions, removeOnClose: boolean) {
    this.options = options;
    this.removeOnClose = removeOnClose;
    this.ready = this.spawn();
  }

  opened(): Promise<void> {
    return this.ready;
  }

  query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
    return this.units.run(() => this.statement<T>({ op: 'query', sql, params: [...params] }));
  }

  async exec(sql: string): Promise<void> {
    await this.units.run(() => this.statement({ op: 'exec', sql }));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.units.run(async () => {
      const generation = this.generation;
      // BEGIN travels with the transaction's first statement; a transaction that sends none has nothing to end.
      let begun = false;
      const first = () => {
        if (this.generation !== generation) throw abortedTransactionError();
        const begin = !begun;
        begun = true;
        return begin;
      };
      const tx: Queryable = {
        query: async <R>(sql: string, params: readonly unknown[] = []) =>
          this.statement<R>({ op: 'query', sql, params: [...params], begin: first() }),
        exec: async (sql: string) => {
          await this.statement({ op: 'exec', sql, begin: first() });
        },
      };
      // After a restart there is nothing left to end: Postgres too ends a failed transaction so.
      const end = async (sql: 'commit' | 'rollback') => {
        if (begun && this.generation === generation) await this.statement({ op: 'query', sql, params: [] });
      };
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        await end('rollback');
        throw error;
      }
      await end('commit');
      return result;
    });
  }

  async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.units.run(() => this.statement({ op: 'listen', channel }));
    }
    callbacks.add(onNotify);
    return async () => {
      callbacks.delete(onNotify);
    };
  }

  async close(): Promise<void> {
    await this.units.run(async () => {
      // PGlite closes its files cleanly first (a checkpoint), so the next open needs no recovery.
      const opened = await this.ready.then(
        () => true,
        () => false,
      );
      this.closed = true;
      if (opened) await this.answer(this.post({ op: 'close' })).catch(() => undefined);
      await this.worker.terminate();
    });
    if (this.removeOnClose) removeTemporaryFolder(this.options.dataDir);
  }

  // ------------------------------------------------------------ one statement, with its deadline

  private statement<T>(call: Call): Promise<QueryResult<T>> {
    return this.statements.run(async () => {
      await this.ready;
      if (this.closed) throw new Error('the database is closed');
      const result = await this.withDeadline(call);
      return result as QueryResult<T>;
    });
  }

  private withDeadline(call: Call): Promise<QueryResult<unknown> | undefined> {
    const limit = call.op === 'query' || call.op === 'exec' ? this.statementTimeoutMs : 0;
    const id = this.post(call);
    if (limit <= 0) return this.answer(id);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(statementTimeoutError());
        this.restart('a statement ran past its statement_timeout');
      }, limit);
      this.answer(id).then(
        (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error as Error);
        },
      );
    });
  }

  private post(call: Call): number {
    const id = this.nextId++;
    this.worker.postMessage({ id, ...call } satisfies WorkerRequest);
    return id;
  }

  private answer(id: number): Promise<QueryResult<unknown> | undefined> {
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  // ------------------------------------------------------------ the worker's life

  private spawn(): Promise<void> {
    const worker = new Worker(WORKER_FILE, { workerData: this.options });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'failed') reject(toError(reply.error));
        else this.receive(worker, reply);
      });
      worker.on('error', (error) => {
        reject(error);
        this.lost(worker, error);
      });
      worker.on('exit', (code) => {
        const error = new Error(`the PGlite worker stopped (exit code ${code})`);
        reject(error);
        this.lost(worker, error);
      });
    });
  }

  private receive(worker: Worker, reply: WorkerReply): void {
    if (worker !== this.worker) return;
    if (reply.type === 'notify') {
      for (const onNotify of this.listeners.get(reply.channel) ?? []) onNotify();
      return;
    }
    if (reply.type !== 'done' && reply.type !== 'error') return;
    this.statementTimeoutMs = reply.statementTimeoutMs;
    const pending = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (reply.type === 'done') {
      pending?.resolve(reply.result);
      return;
    }
    pending?.reject(toError(reply.error));
    if (reply.error.fatal) this.restart(`PGlite failed: ${reply.error.message}`);
  }

  /** The current worker died on its own (not terminated by us): fail what waits on it and start anew. */
  private lost(worker: Worker, error: Error): void {
    if (worker !== this.worker || this.closed) return;
    this.failPending(error);
    this.restart(error.message);
  }

  private failPending(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private restart(reason: string): void {
    if (this.closed) return;
    console.error(`[db] restarting PGlite: ${reason}`);
    this.generation += 1;
    this.statementTimeoutMs = 0;
    const old = this.worker;
    old.removeAllListeners();
    this.failPending(new Error(`the database restarted: ${reason}`));
    this.ready = (async () => {
      await old.terminate();
      await this.spawn();
      for (const channel of this.listeners.keys()) await this.withDeadline({ op: 'listen', channel });
      // Notifications sent while no worker listened are gone: let every listener look for itself.
      for (const callbacks of this.listeners.values()) for (const onNotify of callbacks) onNotify();
    })();
    this.ready.catch((error: unknown) =>
      console.error('[db] PGlite did not reopen:', error instanceof Error ? error.message : error),
    );
  }
}

/**
 * Opens PGlite in a worker thread. Without dataDir the database lives in a private temporary folder that
 * close() removes: in memory it could not outlive a terminated worker.
 */
export async function openPgliteThread(dataDir: string | undefined): Promise<Database> {
  return openPgliteIn(dataDir ?? createTemporaryFolder(), dataDir === undefined);
}

/**
 * Opens PGlite in `folder`; a temporary one (from createTemporaryFolder) is removed by close(). The tests'
 * fresh databases are temporary copies of one migrated and seeded folder (test/db/pglite-template.ts).
 */
export async function openPgliteIn(folder: string, temporary: boolean): Promise<Database> {
  const db = new PgliteThread({ dataDir: folder, ...(await pgliteArtifacts()) }, temporary);
  try {
    await db.opened();
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
