// supabase/schemas (the database as it is now, one file per domain) must build exactly what
// supabase/migrations builds. PostgreSQL only: migra and Supabase's declarative-schema workflow target
// PostgreSQL, and the stack applies the same migrations on PGlite, which every other database test covers.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../../scripts/db/build-databases.ts';
import {
  buildBothDatabases,
  compareDatabases,
  explainDifferences,
  type BuiltDatabases,
} from '../../../scripts/db/schema-check.ts';
import { readSchemaPaths } from '../../../scripts/db/schema-paths.ts';

describe('supabase/schemas on PostgreSQL', () => {
  let databases: BuiltDatabases;

  beforeAll(async () => {
    databases = await buildBothDatabases();
  });
  afterAll(async () => {
    await databases?.drop();
  });

  it('builds the same database as the migrations, object by object', async () => {
    const differences = await compareDatabases(databases.migrations.url, databases.schemas.url);
    // On failure: each differing object in both versions, then the migrations' SQL to paste into the schema file.
    const explanation = await explainDifferences(differences, {
      url: databases.migrations.url,
      heading: 'As the migrations build them: paste into supabase/schemas',
    });
    expect(differences, explanation).toEqual([]);
  });
});

describe('config.toml [db.migrations] schema_paths', () => {
  it('lists exactly the files in supabase/schemas', async () => {
    const listed = (await readSchemaPaths()).map((file) => path.relative(SCHEMAS_DIR, file));
    const present = (await readdir(SCHEMAS_DIR)).filter((file) => file.endsWith('.sql'));
    expect([...listed].sort()).toEqual([...present].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });
});
