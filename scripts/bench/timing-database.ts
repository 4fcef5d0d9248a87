import type { Database, Queryable } from '../../supabase/local/src/db/types.ts';

/** One API transaction as the database ran it: which request it served and how long its SQL took. */
export interface TimedTransaction {
  /** The REST request's method and path (`GET`, `/events`) as the stack sets them for PostgREST's GUCs. */
  method: string | undefined;
  path: string | undefined;
  /** Milliseconds the database spent on the transaction's statements (their sum, waits between excluded). */
  dbMs: number;
  statements: number;
}

/**
 * The request a transaction serves, read from the statement that sets `request.method` and `request.path`
 * (with-claims.ts sends them as set_config parameters: name, value, name, value …).
 */
export function requestOf(params: readonly unknown[]): { method?: string; path?: string } {
  const found: { method?: string; path?: string } = {};
  for (let i = 0; i + 1 < params.length; i += 2) {
    if (params[i] === 'request.method') found.method = String(params[i + 1]);
    if (params[i] === 'request.path') found.path = String(params[i + 1]);
  }
  return found;
}

/**
 * A Database that times every statement the API sends inside its transactions, grouped by transaction: the
 * database time of each REST request, measured where the SQL runs (as PostgREST's Server-Timing
 * `transaction` does), without changing the stack. Wraps what bootStack hands it (`wrapDatabase`).
 */
export class TimingDatabase implements Database {
  readonly transactions: TimedTransaction[] = [];

  constructor(private readonly inner: Database) {}

  get kind() {
    return this.inner.kind;
  }

  query: Database['query'] = (sql, params) => this.inner.query(sql, params);
  exec: Database['exec'] = (sql) => this.inner.exec(sql);
  close: Database['close'] = () => this.inner.close();

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const timed: TimedTransaction = { method: undefined, path: undefined, dbMs: 0, statements: 0 };
    this.transactions.push(timed);
    const time = async <R>(run: () => Promise<R>): Promise<R> => {
      const startedAt = performance.now();
      try {
        return await run();
      } finally {
        timed.dbMs += performance.now() - startedAt;
        timed.statements += 1;
      }
    };
    return this.inner.transaction((tx) =>
      fn({
        query: (sql, params = []) => {
          if (timed.path === undefined) Object.assign(timed, requestOf(params));
          return time(() => tx.query(sql, params));
        },
        exec: (sql) => time(() => tx.exec(sql)),
      }),
    );
  }

  /** Forgets what was timed so far (e.g. the seeding), so only the measured page load remains. */
  reset(): void {
    this.transactions.length = 0;
  }

  /** The REST requests' transactions, in the order they started. */
  restTransactions(): TimedTransaction[] {
    return this.transactions.filter((transaction) => transaction.path !== undefined);
  }
}
