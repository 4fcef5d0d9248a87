import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SUPABASE_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** The app's migrations and seed, as every test database is prepared with them. */
export const PREPARE_OPTIONS = {
  migrationsDir: path.join(SUPABASE_DIR, 'migrations'),
  seedFile: path.join(SUPABASE_DIR, 'seed.sql'),
};
