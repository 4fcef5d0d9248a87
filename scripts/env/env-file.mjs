// The one way every script of this project reads `.env` (decision 0060): the file in the project root,
// parsed by Node's own `util.parseEnv` (the same syntax as `node --env-file`), and a variable the real
// environment already has (even set to empty) wins over the file. Entry points import ./load.mjs first.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The project root: the folder of package.json, two up from this file. */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The only file read: `.env` in the project root (.env.example lists what it may hold). */
export const ENV_FILE = join(PROJECT_ROOT, '.env');

/**
 * Copies the variables of `file` into `env` unless `env` has them already. A missing file is no error:
 * every variable is optional.
 * @param {{ file?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {{ file: string, loaded: string[], kept: string[] }} the names taken from the file, and those the
 *   environment already set (the file's value ignored)
 */
export function loadEnvFile({ file = ENV_FILE, env = process.env } = {}) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return { file, loaded: [], kept: [] };
    throw error;
  }
  const loaded = [];
  const kept = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined) {
      kept.push(name);
    } else {
      env[name] = value;
      loaded.push(name);
    }
  }
  return { file, loaded, kept };
}
