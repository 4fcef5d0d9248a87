import './scripts/env/load.mjs';
import { defineConfig } from 'vitest/config';

// One project per concern: fast unit tests beside the code, and the backend suites that start databases.
export default defineConfig({
  test: {
    // One migrated and seeded PGlite for the run; every fresh PGlite test database is a copy of it.
    globalSetup: ['supabase/local/test/db/pglite-template-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'studio/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The benchmarks' short forms start stacks and databases: with the backend suites, one at a time.
          exclude: [
            '**/node_modules/**',
            'studio/dist/**',
            'scripts/bench-short.test.ts',
            'src/**/*.astro.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'backend',
          include: ['supabase/**/*.test.ts', 'scripts/bench-short.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      'vitest.components.config.ts',
    ],
  },
});
