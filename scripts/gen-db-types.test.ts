import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('scripts/gen-db-types.mjs', () => {
  it('finds the committed database types up to date with the migrations', async () => {
    const { stdout } = await run(process.execPath, ['scripts/gen-db-types.mjs', '--check'], {
      cwd: process.cwd(),
    });
    expect(stdout).toContain('is up to date');
  }, 60_000);
});
