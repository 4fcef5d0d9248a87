// The core of `npm run db:diff`: what the migrations lack to build what supabase/schemas declares. migra
// (@pgkit/migra, the TypeScript port of the tool behind `supabase db diff`) writes the SQL; the canonical
// comparison then names what migra cannot express (column grants, rows, …) so the developer adds it by hand.
import { createClient } from '@pgkit/client';
import { run as migra } from '@pgkit/migra';
import { runFiles } from './build-databases.ts';
import { functionsToReplace, withDrops } from './replace-functions.ts';
import type { CatalogueDifference } from './compare.ts';
import {
  buildBothDatabases,
  compareDatabases,
  explainDifferences,
  type SourceFiles,
} from './schema-check.ts';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface GeneratedMigration {
  /** migra's statements, empty when it found nothing to change. */
  sql: string;
  /** What still differs once that SQL is applied to the migrated database. */
  remaining: CatalogueDifference[];
  /** The remaining differences with the schema files' version of each object, to add to the migration. */
  explanation: string;
}

/** migra's SQL from the migrated database to the declared one (privileges included, drops allowed). */
export async function migraSql(fromUrl: string, toUrl: string): Promise<string> {
  const from = createClient(fromUrl);
  const to = createClient(toUrl);
  try {
    const migration = await migra(from, to, { unsafe: true, withPrivileges: true });
    // A changed result type (or argument name, or removed default) cannot be `create or replace`d.
    return withDrops(migration.sql.trim(), await functionsToReplace(fromUrl, toUrl));
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

export async function generateMigration(sources: SourceFiles = {}): Promise<GeneratedMigration> {
  const databases = await buildBothDatabases(sources);
  try {
    const sql = await migraSql(databases.migrations.url, databases.schemas.url);
    if (sql) {
      // Applied as the new migration will be, so what is left is exactly what it still lacks.
      const file = path.join(tmpdir(), `db-diff-${process.pid}-${Date.now()}.sql`);
      await writeFile(file, sql);
      await runFiles(databases.migrations.url, [file]).finally(() => rm(file, { force: true }));
    }
    const remaining = await compareDatabases(databases.migrations.url, databases.schemas.url);
    const explanation = await explainDifferences(remaining, {
      url: databases.schemas.url,
      heading: 'As supabase/schemas declares them: add what the migration lacks by hand',
    });
    return { sql, remaining, explanation };
  } finally {
    await databases.drop();
  }
}
