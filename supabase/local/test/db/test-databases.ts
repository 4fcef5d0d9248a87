import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/open.ts';
import { prepareDatabase, type PrepareResult } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/types.ts';
import { createFreshPostgres } from '../fresh-postgres.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../../', import.meta.url));
export const PREPARE_OPTIONS = {
  migrationsDir: path.join(SUPABASE_DIR, 'migrations'),
  seedFile: path.join(SUPABASE_DIR, 'seed.sql'),
};

export interface TestDatabase {
  db: Database;
  /** A connection string for opening the same database again (PostgreSQL only). */
  url: string | undefined;
  dispose(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'PGlite' | 'PostgreSQL';
  create(): Promise<TestDatabase>;
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const fresh = await createFreshPostgres('test_db');
  const db = await openDatabase({ databaseUrl: fresh.url });
  return {
    db,
    url: fresh.url,
    async dispose() {
      await db.close();
      await fresh.drop();
    },
  };
}

export const DATABASE_KINDS: TestDatabaseKind[] = [
  {
    name: 'PGlite',
    async create() {
      const db = await openDatabase({});
      return { db, url: undefined, dispose: () => db.close() };
    },
  },
  { name: 'PostgreSQL', create: createPostgresDatabase },
];

/** A new database of the given kind with bootstrap, migrations and seed applied. */
export async function createPreparedDatabase(
  kind: TestDatabaseKind,
): Promise<TestDatabase & { prepared: PrepareResult }> {
  const testDb = await kind.create();
  try {
    const prepared = await prepareDatabase(testDb.db, PREPARE_OPTIONS);
    return { ...testDb, prepared };
  } catch (error) {
    await testDb.dispose();
    throw error;
  }
}
