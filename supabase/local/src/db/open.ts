import { mkdirSync } from 'node:fs';
import { PGlite, type Results, type SerializerOptions, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';
import type { Database, Queryable, QueryResult } from './types.ts';

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; undefined keeps the database in memory. */
  dataDir?: string | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

// ---------------------------------------------------------------- PGlite

function fromPgliteResult<T>(result: Results<T>): QueryResult<T> {
  return {
    rows: result.rows,
    fields: result.fields,
    rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
  };
}

/**
 * PGlite serializes each parameter for the type the server infers (a string 'maybe' for a boolean becomes
 * a JavaScript error). Strings go to the server as they are instead, as node-postgres sends them, so
 * Postgres itself parses them and answers a malformed value with its own error; other values keep
 * PGlite's serializers.
 */
function sendStringsAsText(pglite: PGlite): SerializerOptions {
  return new Proxy({} as SerializerOptions, {
    get: (_, oid) => (value: unknown) => {
      if (typeof value === 'string') return value;
      const serialize = typeof oid === 'string' ? pglite.serializers[oid] : undefined;
      return serialize ? serialize(value) : String(value);
    },
  });
}

function pgliteQueryable(target: PGlite | Transaction, serializers: SerializerOptions): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return fromPgliteResult(await target.query<T>(sql, [...params], { serializers }));
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // pgcrypto for crypt()/gen_salt('bf') in the seed; uuid-ossp because Supabase projects have it too.
  const extensions = { pgcrypto, uuid_ossp };
  // PGlite creates only the last folder of dataDir; a fresh clone has no .data/ yet.
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir === undefined ? { extensions } : { dataDir, extensions });
  const serializers = sendStringsAsText(pglite);
  return {
    kind: 'pglite',
    ...pgliteQueryable(pglite, serializers),
    // PGlite holds one connection: its transaction() keeps every other query out until fn settles.
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteQueryable(tx, serializers))),
    listen: (channel, onNotify) => pglite.listen(channel, () => onNotify()),
    close: () => pglite.close(),
  };
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

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, types: sameTypesAsPglite });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...pgQueryable(pool),
    async transaction(fn) {
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
    },
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
