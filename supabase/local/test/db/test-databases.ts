import { openDatabase } from '../../src/db/open.ts';
import { prepareDatabase, type PrepareResult } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/types.ts';
import { createFreshPostgres } from '../fresh-postgres.ts';
import { openTemplateCopy } from './pglite-template.ts';
import { PREPARE_OPTIONS } from './prepare-options.ts';

export { PREPARE_OPTIONS };

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

/**
 * A new database of the given kind with bootstrap, migrations and seed applied. A PGlite one is a copy of
 * this run's template when there is one (pglite-template.ts), which holds exactly that.
 */
export async function createPreparedDatabase(
  kind: TestDatabaseKind,
): Promise<TestDatabase & { prepared: PrepareResult }> {
  const copy = kind.name === 'PGlite' ? await openTemplateCopy() : undefined;
  if (copy) return { db: copy.db, url: undefined, dispose: () => copy.db.close(), prepared: copy.prepared };
  const testDb = await kind.create();
  try {
    const prepared = await prepareDatabase(testDb.db, PREPARE_OPTIONS);
    return { ...testDb, prepared };
  } catch (error) {
    await testDb.dispose();
    throw error;
  }
}
