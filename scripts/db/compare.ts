// Compares two catalogues object by object and describes each difference so it can be fixed by hand.
import type { CatalogueEntry } from './catalogue.ts';

export interface CatalogueDifference {
  key: string;
  /** The object as the migrations build it; undefined when only the schema files have it. */
  migrations: string | undefined;
  /** The object as the schema files build it; undefined when only the migrations have it. */
  schemas: string | undefined;
}

export function compareCatalogues(
  migrations: CatalogueEntry[],
  schemas: CatalogueEntry[],
): CatalogueDifference[] {
  const fromMigrations = new Map(migrations.map((entry) => [entry.key, entry.text]));
  const fromSchemas = new Map(schemas.map((entry) => [entry.key, entry.text]));
  const keys = [...new Set([...fromMigrations.keys(), ...fromSchemas.keys()])].sort();
  return keys.flatMap((key) => {
    const left = fromMigrations.get(key);
    const right = fromSchemas.get(key);
    return left === right ? [] : [{ key, migrations: left, schemas: right }];
  });
}

/** One section per differing object: both versions, the migrations' first. */
export function describeDifferences(differences: CatalogueDifference[]): string {
  return differences
    .map(({ key, migrations, schemas }) =>
      [
        `=== ${key}`,
        '--- as the migrations build it:',
        migrations ?? '(missing)',
        '--- as supabase/schemas builds it:',
        schemas ?? '(missing)',
      ].join('\n'),
    )
    .join('\n\n');
}
