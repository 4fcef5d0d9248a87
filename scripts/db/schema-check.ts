// Do supabase/schemas and supabase/migrations build the same database? Builds both on PostgreSQL, compares
// their catalogues, and explains each difference with the migrations' version ready to paste.
import { buildDatabase, listMigrationFiles } from './build-databases.ts';
import { readCatalogue } from './catalogue.ts';
import { compareCatalogues, describeDifferences, type CatalogueDifference } from './compare.ts';
import { pasteableSql } from './pasteable.ts';
import { readSchemaPaths } from './schema-paths.ts';
import type { FreshDatabase } from '../../supabase/local/test/fresh-postgres.ts';

export interface BuiltDatabases {
  migrations: FreshDatabase;
  schemas: FreshDatabase;
  drop(): Promise<void>;
}

export interface SourceFiles {
  migrationFiles?: string[];
  schemaFiles?: string[];
}

/** One database from the migrations, one from the schema files; both start from the stack's bootstrap. */
export async function buildBothDatabases(sources: SourceFiles = {}): Promise<BuiltDatabases> {
  const migrationFiles = sources.migrationFiles ?? (await listMigrationFiles());
  const schemaFiles = sources.schemaFiles ?? (await readSchemaPaths());
  const migrations = await buildDatabase(migrationFiles, 'schema_from_migrations');
  const schemas = await buildDatabase(schemaFiles, 'schema_from_files').catch(async (error: unknown) => {
    await migrations.drop();
    throw error;
  });
  return {
    migrations,
    schemas,
    drop: async () => {
      await Promise.all([migrations.drop(), schemas.drop()]);
    },
  };
}

export async function compareDatabases(
  migrationsUrl: string,
  schemasUrl: string,
): Promise<CatalogueDifference[]> {
  const [fromMigrations, fromSchemas] = await Promise.all([
    readCatalogue(migrationsUrl),
    readCatalogue(schemasUrl),
  ]);
  return compareCatalogues(fromMigrations, fromSchemas);
}

/**
 * Each difference with both catalogue versions, then the SQL of one side's objects as pg_dump writes them,
 * the shape of the schema files: `side` says which database to take it from and what to do with it.
 */
export async function explainDifferences(
  differences: CatalogueDifference[],
  side: { url: string; heading: string },
): Promise<string> {
  if (differences.length === 0) return '';
  const sql = await pasteableSql(
    side.url,
    differences.map((difference) => difference.key),
  ).catch(
    (error: unknown) => `-- (pg_dump failed: ${error instanceof Error ? error.message : String(error)})`,
  );
  return [
    `${differences.length} object(s) differ: ${differences.map((difference) => difference.key).join('; ')}`,
    '',
    describeDifferences(differences),
    '',
    `===== ${side.heading}`,
    sql,
  ].join('\n');
}
