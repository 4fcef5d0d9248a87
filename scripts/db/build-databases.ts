// Builds the two databases that must agree: one from supabase/migrations, one from supabase/schemas.
// Both start from the local stack's bootstrap (what Supabase's Postgres provides before any migration).
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createFreshPostgres, type FreshDatabase } from '../../supabase/local/test/fresh-postgres.ts';

export const SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations');
export const SCHEMAS_DIR = path.join(SUPABASE_DIR, 'schemas');
const BOOTSTRAP_SQL = path.join(SUPABASE_DIR, 'local/src/db/bootstrap.sql');
const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.sql$/;

/** The migration files in version order, as the stack and `supabase db push` apply them. */
export async function listMigrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir);
  return entries
    .filter((entry) => MIGRATION_FILE.test(entry))
    .sort()
    .map((entry) => path.join(dir, entry));
}

/** A fresh PostgreSQL database with the bootstrap, then each file run in order, each in its own transaction. */
export async function buildDatabase(files: string[], prefix: string): Promise<FreshDatabase> {
  const fresh = await createFreshPostgres(prefix);
  try {
    await runFiles(fresh.url, [BOOTSTRAP_SQL, ...files]);
    return fresh;
  } catch (error) {
    await fresh.drop();
    throw error;
  }
}

/** Runs each file in its own transaction, naming the file that fails. */
export async function runFiles(url: string, files: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const file of files) {
      const sql = await readFile(file, 'utf8');
      try {
        await client.query(`begin;\n${sql}\n;commit;`);
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${path.relative(process.cwd(), file)} failed: ${message}`, { cause: error });
      }
    }
  } finally {
    await client.end();
  }
}
