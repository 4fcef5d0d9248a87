import './scripts/env/load.mjs';
import { defineConfig } from 'vitest/config';

// One project per concern: fast unit tests beside the code, and the backend suites that start databases.
export default defineConfig({
  test: {
    // One migrated and seeded PGlite for the run; every fresh PGlite test database is a copy of it.
    globalSetup: ['supabase/local/test/db/pglite-template-setup.ts'],
    // Vitest's default is one worker fewer than the cores: one on CI's two, which ran every file in turn
    // (1,067 s); two workers take 633 s.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'studio/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The benchmarks' short forms start stacks and databases: they run with the backend suites.
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
          // Two files at a time (maxWorkers): each starts its own databases and stacks on free ports.
        },
      },
      'vitest.components.config.ts',
    ],
  },
});
