// One migrated and seeded PGlite folder per test run, copied for every fresh PGlite database the tests ask
// for. Migrating and seeding PGlite takes 5–9 s on two cores and about 80 test files each did it; copying the
// closed folder takes a fraction of a second and gives the same database (the files themselves).
// vitest.config.ts builds it in globalSetup; prepare.test.ts still migrates from nothing, so the path every
// database takes (and `npm start` takes) stays tested.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTemporaryFolder } from '../../src/db/pglite-files.ts';
import { openPgliteIn, openPgliteThread } from '../../src/db/pglite-thread.ts';
import { prepareDatabase, type PrepareResult } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/types.ts';
import { PREPARE_OPTIONS } from './prepare-options.ts';

/** Where globalSetup left the template for the test files of this run. */
export const TEMPLATE_ENV = 'SUPABASE_LOCAL_TEST_PGLITE_TEMPLATE';

/** Migrates and seeds a new PGlite in a new folder, closes it, and returns the folder. */
export async function buildPgliteTemplate(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'supabase-local-template-'));
  const db = await openPgliteThread(path.join(root, 'db'));
  try {
    const prepared = await prepareDatabase(db, PREPARE_OPTIONS);
    await writeFile(path.join(root, 'prepared.json'), JSON.stringify(prepared));
  } finally {
    await db.close();
  }
  return root;
}

export async function removePgliteTemplate(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/**
 * A fresh copy of this run's template, and what preparing it applied; undefined outside a test run that
 * built one (a benchmark, a single script), where callers migrate as before.
 */
export async function openTemplateCopy(): Promise<{ db: Database; prepared: PrepareResult } | undefined> {
  const root = process.env[TEMPLATE_ENV];
  if (!root) return undefined;
  const prepared = JSON.parse(await readFile(path.join(root, 'prepared.json'), 'utf8')) as PrepareResult;
  const copy = createTemporaryFolder();
  await copyFolder(path.join(root, 'db'), copy);
  return { db: await openPgliteIn(copy, true), prepared };
}

/** The system's cp copies the folder's 1,200 small files two to five times faster than fs.cp here. */
async function copyFolder(from: string, to: string): Promise<void> {
  try {
    await promisify(execFile)('cp', ['-R', `${from}/.`, to]);
  } catch {
    await cp(from, to, { recursive: true });
  }
}
