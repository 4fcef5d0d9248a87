// The core of npm run db:diff on PostgreSQL (where migra runs): an edited schema file yields a migration that,
// applied after the others, builds what the files declare; what migra cannot express is named, not lost.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMigration } from '../../../scripts/db/generate-migration.ts';
import { SCHEMAS_DIR } from '../../../scripts/db/build-databases.ts';
import { readSchemaPaths } from '../../../scripts/db/schema-paths.ts';

let workDir: string;
let schemaFiles: string[];

/** A copy of supabase/schemas (in config.toml order) with each file's edit applied. */
async function editedSchemas(edits: Record<string, (sql: string) => string>): Promise<string[]> {
  const dir = await mkdtemp(path.join(workDir, 'schemas-'));
  await cp(SCHEMAS_DIR, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(dir, file);
    const before = await readFile(target, 'utf8');
    const after = edit(before);
    expect(after, `the edit of ${file} changes it`).not.toBe(before);
    await writeFile(target, after);
  }
  return schemaFiles.map((schemaFile) => path.join(dir, path.basename(schemaFile)));
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'db-diff-test-'));
  schemaFiles = await readSchemaPaths();
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('npm run db:diff', () => {
  it(
    'turns a changed function into a migration that makes the comparison equal',
    { timeout: 180_000 },
    async () => {
      const copies = await editedSchemas({
        '00_shared.sql': (sql) => sql.replace("'&', '&amp;'", "'&', '&#38;'"),
      });
      const result = await generateMigration({ schemaFiles: copies });
      expect(result.sql).toContain('CREATE OR REPLACE FUNCTION private.html_escape(value text)');
      expect(result.sql).toContain("'&#38;'");
      expect(result.remaining, result.explanation).toEqual([]);
    },
  );

  it(
    'drops a function whose result type changed before making it again, with its grants',
    { timeout: 180_000 },
    async () => {
      const copies = await editedSchemas({
        '04_community.sql': (sql) =>
          sql
            .replace(
              'CREATE FUNCTION private.posts_per_minute() RETURNS integer',
              'CREATE FUNCTION private.posts_per_minute() RETURNS bigint',
            )
            .replace('from private.posting_limits), 5)\n', 'from private.posting_limits), 5)::bigint\n'),
      });
      const result = await generateMigration({ schemaFiles: copies });
      // create or replace alone fails: "cannot change return type of existing function".
      const drop = result.sql.indexOf('DROP FUNCTION IF EXISTS private.posts_per_minute();');
      const create = result.sql.indexOf('CREATE OR REPLACE FUNCTION private.posts_per_minute()');
      expect(drop, result.sql).toBeGreaterThanOrEqual(0);
      expect(create).toBeGreaterThan(drop);
      expect(result.sql).toContain('RETURNS bigint');
      expect(result.sql).toContain('GRANT EXECUTE ON FUNCTION private.posts_per_minute() TO authenticated;');
      expect(result.remaining, result.explanation).toEqual([]);
    },
  );

  it(
    'names what migra cannot express (a column grant, a config row) with the declared SQL to add',
    { timeout: 180_000 },
    async () => {
      const copies = await editedSchemas({
        '01_profiles_accounts.sql': (sql) =>
          sql.replace('GRANT UPDATE(phone) ON TABLE public.profiles TO authenticated;', ''),
        '04_community.sql': (sql) => sql.replace('VALUES (true, 5);', 'VALUES (true, 7);'),
      });
      const result = await generateMigration({ schemaFiles: copies });
      expect(result.remaining.map((difference) => difference.key)).toEqual([
        'rows private.posting_limits',
        'table public.profiles',
      ]);
      expect(result.explanation).toContain(
        'INSERT INTO private.posting_limits (only_row, posts_per_minute) VALUES (true, 7);',
      );
      expect(result.explanation).toContain(
        'GRANT UPDATE(full_name) ON TABLE public.profiles TO authenticated;',
      );
      expect(result.explanation).not.toContain('GRANT UPDATE(phone)');
    },
  );
});
