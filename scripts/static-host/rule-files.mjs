// Reads `_headers` and `_redirects` from the served directory, again whenever the file changes (a rebuild
// while the server runs), so the local server always applies what a host would deploy.
import { readFile, stat } from 'node:fs/promises';

/**
 * @template T
 * @param {string} path
 * @param {(text: string) => T[]} parse throws on a broken file
 * @returns {{ get: () => Promise<T[]> }} get rejects while the file is broken; a missing file is no rules
 */
export function watchedRuleFile(path, parse) {
  /** @type {{ mtimeMs: number, rules: T[] } | null} */
  let cached = null;
  return {
    async get() {
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return [];
      if (cached?.mtimeMs !== info.mtimeMs) {
        cached = { mtimeMs: info.mtimeMs, rules: parse(await readFile(path, 'utf8')) };
      }
      return cached.rules;
    },
  };
}
