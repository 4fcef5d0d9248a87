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
          exclude: ['**/node_modules/**', 'studio/dist/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'backend',
          include: ['supabase/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
