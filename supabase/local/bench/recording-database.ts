import type { Database, Queryable } from '../src/db/types.ts';

export interface RecordedStatement {
  sql: string;
  params: readonly unknown[];
}

/**
 * A Database that, while recording, keeps every statement the API sends inside its transactions. Replaying
 * them on the same database is "the same SQL, run directly": no HTTP, no parsing, no JSON on our side.
 */
export class RecordingDatabase implements Database {
  private recording: RecordedStatement[][] | undefined;

  constructor(private readonly inner: Database) {}

  get kind() {
    return this.inner.kind;
  }

  query: Database['query'] = (sql, params) => this.inner.query(sql, params);
  exec: Database['exec'] = (sql) => this.inner.exec(sql);
  close: Database['close'] = () => this.inner.close();

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const sink = this.recording;
    if (!sink) return this.inner.transaction(fn);
    const statements: RecordedStatement[] = [];
    sink.push(statements);
    return this.inner.transaction((tx) =>
      fn({
        query: (sql, params = []) => {
          statements.push({ sql, params: [...params] });
          return tx.query(sql, params);
        },
        exec: (sql) => {
          statements.push({ sql, params: [] });
          return tx.exec(sql);
        },
      }),
    );
  }

  /** The transactions (each a list of statements) that fn's requests ran. */
  async record(fn: () => Promise<unknown>): Promise<RecordedStatement[][]> {
    const sink: RecordedStatement[][] = [];
    this.recording = sink;
    try {
      await fn();
    } finally {
      this.recording = undefined;
    }
    return sink;
  }

  /** Runs recorded transactions again, statement by statement, each in its own transaction. */
  async replay(transactions: readonly (readonly RecordedStatement[])[]): Promise<void> {
    for (const statements of transactions) {
      await this.inner.transaction(async (tx) => {
        for (const statement of statements) await tx.query(statement.sql, statement.params);
      });
    }
  }
}
