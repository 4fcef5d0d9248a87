// `npm ci` refuses a lock file that lacks any package some locked package asks for, optional platform
// builds included. `npm install` quietly tolerates such a lock, so this checks what `npm ci` checks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` from the package at `path`: its own node_modules, then each parent's. */
function resolve(path: string, name: string): LockedPackage | undefined {
  let base = path;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[candidate]) return lock.packages[candidate];
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

const EXACT_VERSION = /^\d+\.\d+\.\d+(-[\w.]+)?$/;

function unmetDependencies(): string[] {
  const problems: string[] = [];
  for (const [path, locked] of Object.entries(lock.packages)) {
    if (locked.link) continue;
    const isProject = path === '' || !path.includes('node_modules/');
    const wanted = {
      ...locked.dependencies,
      ...locked.optionalDependencies,
      ...(isProject ? locked.devDependencies : {}),
    };
    for (const [name, range] of Object.entries(wanted)) {
      const found = resolve(path, name);
      if (!found) problems.push(`${path || '(root)'} needs ${name}@${range}: not in the lock`);
      else if (EXACT_VERSION.test(range) && !found.link && found.version !== range) {
        problems.push(`${path || '(root)'} needs ${name}@${range}: the lock resolves ${found.version}`);
      }
    }
  }
  return problems;
}

describe('package-lock.json', () => {
  it('is a version 3 lock with the workspace in it', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages['node_modules/studio']?.link).toBe(true);
  });

  it('holds every package that a locked package asks for, at the exact version it pins', () => {
    expect(unmetDependencies()).toEqual([]);
  });
});
