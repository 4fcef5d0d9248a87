import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const SANITY_ENV = ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_TOKEN', 'SANITY_API_VERSION'];

function runImport(env: Record<string, string>, args: string[] = []) {
  // Set to empty rather than left out: the script reads `.env` too, and the real environment wins over it,
  // so a developer's SANITY_TOKEN in .env cannot turn these cases into a real import.
  const baseEnv = { ...process.env, ...Object.fromEntries(SANITY_ENV.map((name) => [name, ''])) };
  return spawnSync(process.execPath, ['scripts/content-import.mjs', ...args], {
    env: { ...baseEnv, ...env },
    encoding: 'utf8',
  });
}

describe('npm run content:import', () => {
  it('names every missing variable and exits with an error', () => {
    const result = runImport({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'content:import needs SANITY_PROJECT_ID, SANITY_DATASET, SANITY_TOKEN (missing)',
    );
  });

  it('names only what is missing', () => {
    const result = runImport({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('content:import needs SANITY_TOKEN (missing)');
  });

  it('with --dry-run, lists the sample documents it would import and touches nothing', () => {
    const result = runImport(
      { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging', SANITY_TOKEN: 'unused' },
      ['--dry-run'],
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Would import 10 documents into abc123/staging');
    expect(result.stdout).toContain('trip trip-usa');
    expect(result.stdout).toContain('siteSettings siteSettings');
  });
});
