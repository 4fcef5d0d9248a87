/** One field of a result, as both drivers describe it. */
export interface ResultField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<T> {
  rows: T[];
  fields: ResultField[];
  /** Rows returned by a SELECT or changed by INSERT/UPDATE/DELETE (the command tag's count). */
  rowCount: number;
}

/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  /** One statement; values only ever travel as parameters ($1, $2 …). */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** A script of several statements without parameters (bootstrap, migrations, seed). */
  exec(sql: string): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs fn inside BEGIN … COMMIT (ROLLBACK when it throws). Use only the Queryable passed to fn inside it:
   * on PGlite the database is held exclusively until fn settles, so calling db.query there would wait forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel (Realtime's change feed); resolves to a function that stops listening. */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
