import pg from 'pg';
import { FairQueue } from './fair-queue.ts';
import { openPgliteThread } from './pglite-thread.ts';
import type { Database, Queryable, QueryResult } from './types.ts';

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; undefined: a temporary folder that close() removes. */
  dataDir?: string | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  // PGlite runs in a worker thread, so a long statement neither blocks the server nor outlives its timeout.
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPgliteThread(options.dataDir);
}

// ---------------------------------------------------------------- PostgreSQL

const INT8_OID = 20;

// PGlite answers int8 (count(*), bigint ids) as numbers; make pg do the same so callers see one shape.
const sameTypesAsPglite: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

function fromPgResult<T>(result: pg.QueryResult): QueryResult<T> {
  return {
    rows: result.rows as T[],
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    rowCount: result.rowCount ?? result.rows.length,
  };
}

function pgQueryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return fromPgResult<T>(await target.query(sql, [...params]));
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** node-postgres's default pool size, stated: the fair queue hands out exactly these connections. */
export const POSTGRES_POOL_SIZE = 10;
/** How many of them one client may hold at once (decision 0057): the rest stay for everyone else. */
export const POSTGRES_CONNECTIONS_PER_CLIENT = 5;

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: sameTypesAsPglite,
    max: POSTGRES_POOL_SIZE,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
  await pool.query('select 1');
  // The pool's connections are handed out by client, in turns, so one client cannot hold them all.
  const turns = new FairQueue(POSTGRES_POOL_SIZE, POSTGRES_CONNECTIONS_PER_CLIENT);
  const direct = pgQueryable(pool);
  return {
    kind: 'postgres',
    query: (sql, params) => turns.run(() => direct.query(sql, params)),
    exec: (sql) => turns.run(() => direct.exec(sql)),
    transaction: (fn) =>
      turns.run(async () => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await fn(pgQueryable(client));
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }),
    listen: (channel, onNotify) => listenPostgres(databaseUrl, channel, onNotify),
    close: () => pool.end(),
  };
}

// LISTEN needs a connection of its own: pooled clients come and go.
async function listenPostgres(databaseUrl: string, channel: string, onNotify: () => void) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (error) => console.error('[db] LISTEN client error:', error.message));
  client.on('notification', () => onNotify());
  await client.connect();
  await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  return () => client.end();
}
