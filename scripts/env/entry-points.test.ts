import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './env-file.mjs';

// Every program of the project reads `.env` one way (decision 0060): its entry point imports
// scripts/env/load.mjs before anything else, and nothing else reads a `.env` file.

const pkg = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** The files `npm run <name>` starts with node or tsx, and the configs astro, vitest and playwright load. */
function entryPoints(): string[] {
  const files = new Set(['astro.config.mjs', 'vitest.config.ts', 'playwright.config.ts']);
  for (const command of Object.values(pkg.scripts)) {
    const match = /^(?:exec )?(?:node|tsx) (\S+\.(?:mjs|ts))/.exec(command);
    if (match?.[1]) files.add(match[1]);
  }
  return [...files].sort();
}

/** The import line that loads `.env`, relative to the file. */
function loaderImport(file: string): string {
  const path = relative(dirname(join(PROJECT_ROOT, file)), join(PROJECT_ROOT, 'scripts/env/load.mjs'));
  return `import '${path.startsWith('.') ? path : `./${path}`}';`;
}

describe('reading .env', () => {
  it('finds the entry points of npm start, the stack, the scripts and the test runners', () => {
    expect(entryPoints()).toEqual(
      expect.arrayContaining([
        'astro.config.mjs',
        'scripts/start.mjs',
        'supabase/local/src/main.ts',
        'scripts/admin-create.mjs',
        'scripts/content-import.mjs',
        'scripts/e2e.mjs',
        'scripts/test.mjs',
        'scripts/bench.ts',
        'scripts/db/db-check.ts',
      ]),
    );
  });

  it.each(entryPoints())('%s loads .env first, through scripts/env/load.mjs', async (file) => {
    const text = await readFile(join(PROJECT_ROOT, file), 'utf8');
    const firstImport = text.split('\n').find((line) => line.startsWith('import '));
    expect(firstImport).toBe(loaderImport(file));
  });

  it('the static server, also a library, loads .env only when run as a program', async () => {
    const text = await readFile(join(PROJECT_ROOT, 'scripts/serve-static.mjs'), 'utf8');
    const program = text.slice(text.indexOf('if (process.argv[1]'));
    expect(program.indexOf('loadEnvFile();')).toBeGreaterThan(-1);
    expect(program.indexOf('loadEnvFile();')).toBeLessThan(program.indexOf('process.env.PORT'));
  });

  it.each([...entryPoints(), 'scripts/serve-static.mjs', 'scripts/security-headers/integration.mjs'])(
    '%s reads no .env file another way',
    async (file) => {
      const text = await readFile(join(PROJECT_ROOT, file), 'utf8');
      expect(text).not.toMatch(/process\.loadEnvFile|\bloadEnv\(|dotenv|--env-file/);
    },
  );
});
