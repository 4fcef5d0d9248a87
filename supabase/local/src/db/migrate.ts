import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { splitSqlStatements } from './split-sql.ts';
import type { Database } from './types.ts';

const BOOTSTRAP_SQL = new URL('./bootstrap.sql', import.meta.url);
const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export interface PrepareOptions {
  migrationsDir: string;
  seedFile: string;
}

export interface PrepareResult {
  /** Versions applied by this call, in order. */
  applied: string[];
  /** True when the database was new and the seed ran. */
  seeded: boolean;
}

interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

/** Brings a database up to date: Supabase's bootstrap, pending migrations in version order, first-run seed. */
export async function prepareDatabase(db: Database, options: PrepareOptions): Promise<PrepareResult> {
  await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));

  const done = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const appliedBefore = new Set(done.rows.map((row) => row.version));
  const isNewDatabase = appliedBefore.size === 0;

  const applied: string[] = [];
  for (const migration of await listMigrations(options.migrationsDir)) {
    if (appliedBefore.has(migration.version)) continue;
    const sql = await readFile(migration.file, 'utf8');
    await db
      .transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, splitSqlStatements(sql)],
        );
      })
      .catch((error: unknown) => {
        throw new Error(`Migration ${path.basename(migration.file)} failed: ${describe(error)}`, {
          cause: error,
        });
      });
    applied.push(migration.version);
  }

  const seeded = isNewDatabase && (await runSeed(db, options.seedFile));
  return { applied, seeded };
}

async function listMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir).catch(() => [] as string[]);
  return entries
    .flatMap((entry) => {
      const match = MIGRATION_FILE.exec(entry);
      return match?.[1] && match[2]
        ? [{ version: match[1], name: match[2], file: path.join(migrationsDir, entry) }]
        : [];
    })
    .sort((a, b) => a.version.localeCompare(b.version));
}

async function runSeed(db: Database, seedFile: string): Promise<boolean> {
  const sql = await readFile(seedFile, 'utf8').catch(() => undefined);
  if (sql === undefined) return false;
  await db
    .transaction((tx) => tx.exec(sql))
    .catch((error: unknown) => {
      throw new Error(`Seed ${path.basename(seedFile)} failed: ${describe(error)}`, { cause: error });
    });
  return true;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
