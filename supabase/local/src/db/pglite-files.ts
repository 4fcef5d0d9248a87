import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkerOptions } from './pglite-protocol.ts';

type Artifacts = Omit<WorkerOptions, 'dataDir'>;
let artifacts: Promise<Artifacts> | undefined;

/** PGlite's WebAssembly and file bundle, compiled and read once for every worker of this process. */
export function pgliteArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle };
  })();
  return artifacts;
}

/** Temporary folders of databases still open: removed when the process exits without closing them. */
const temporaryFolders = new Set<string>();
let removeOnExit = false;

/** A private folder for a database that keeps nothing (SUPABASE_LOCAL_DATA_DIR=memory, tests). */
export function createTemporaryFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'supabase-local-pglite-'));
  temporaryFolders.add(folder);
  if (!removeOnExit) {
    removeOnExit = true;
    process.once('exit', () => {
      for (const leftover of temporaryFolders) rmSync(leftover, { recursive: true, force: true });
    });
  }
  return folder;
}

export function removeTemporaryFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
  temporaryFolders.delete(folder);
}
