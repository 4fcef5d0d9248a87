// The schema files in the order supabase/config.toml's [db.migrations] schema_paths gives (the Supabase CLI's
// setting for declarative schemas), resolved against supabase/ as the CLI resolves them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { SUPABASE_DIR } from './build-databases.ts';

export const CONFIG_TOML = path.join(SUPABASE_DIR, 'config.toml');

export async function readSchemaPaths(configFile = CONFIG_TOML): Promise<string[]> {
  const config = parse(await readFile(configFile, 'utf8')) as {
    db?: { migrations?: { schema_paths?: unknown } };
  };
  const paths = config.db?.migrations?.schema_paths;
  if (!Array.isArray(paths) || !paths.every((entry) => typeof entry === 'string')) {
    throw new Error(`${configFile}: [db.migrations] schema_paths must list the schema files`);
  }
  return paths.map((entry) => path.resolve(path.dirname(configFile), entry));
}
