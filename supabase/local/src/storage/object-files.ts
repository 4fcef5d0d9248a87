import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StackConfig } from '../config.ts';
import { storageErrors } from './errors.ts';

/** A file put in place while its row's transaction is open: keep it once the row commits, undo it otherwise. */
export interface PlacedFile {
  keep(): Promise<void>;
  undo(): Promise<void>;
}

/** Object contents on disk as `<root>/<bucket>/<key>`; the rows in storage.objects are the source of truth. */
export class ObjectFiles {
  constructor(readonly root: string) {}

  /** The file for a key; keys are validated before, this only makes sure nothing lands outside the root. */
  pathOf(bucket: string, key: string): string {
    const file = path.resolve(this.root, bucket, ...key.split('/'));
    const relative = path.relative(this.root, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw storageErrors.invalidKey(key);
    return file;
  }

  /** Writes beside the target, then swaps it in, keeping any previous content until keep() or undo(). */
  async place(bucket: string, key: string, content: Uint8Array): Promise<PlacedFile> {
    const target = this.pathOf(bucket, key);
    // Beside the buckets (no bucket name may contain '#'), so a long file name never grows past the limit.
    const stagingDir = path.join(this.root, '#staging');
    const staging = path.join(stagingDir, `${randomUUID()}.uploading`);
    const previous = path.join(stagingDir, `${randomUUID()}.replaced`);
    try {
      await mkdir(stagingDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(staging, content);
    } catch (error) {
      await discard(staging);
      throw clashOrRethrow(error);
    }
    const hadPrevious = await renameIfExists(target, previous);
    try {
      await rename(staging, target);
    } catch (error) {
      await discard(staging);
      if (hadPrevious) await rename(previous, target);
      throw clashOrRethrow(error);
    }
    return {
      keep: () => rm(previous, { force: true }),
      undo: async () => {
        await rm(target, { force: true });
        if (hadPrevious) await rename(previous, target);
      },
    };
  }

  /** The content, or undefined when the file is missing. */
  async read(bucket: string, key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(bucket, key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(bucket: string, keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(bucket, key), { force: true })));
  }
}

/** Best-effort cleanup of a staging file that may never have been created. */
async function discard(file: string): Promise<void> {
  await rm(file, { force: true }).catch(() => undefined);
}

async function renameIfExists(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw clashOrRethrow(error);
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function isMissing(error: unknown): boolean {
  return errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR';
}

// A key whose folder is already a file (or a file where a folder is) cannot live on disk beside it.
function clashOrRethrow(error: unknown): unknown {
  const code = errorCode(error);
  if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') {
    return storageErrors.invalidKey('a file and a folder of the same name cannot both exist at this path');
  }
  return error;
}

const temporaryRoots = new WeakMap<StackConfig, ObjectFiles>();
const temporaryDirs: string[] = [];

function removeTemporaryDirs(): void {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
}

/** config.storageDir, or (tests, in-memory stacks) a temporary folder removed when the process exits. */
export function objectFilesFor(config: StackConfig): ObjectFiles {
  if (config.storageDir !== undefined) return new ObjectFiles(config.storageDir);
  let files = temporaryRoots.get(config);
  if (!files) {
    const root = mkdtempSync(path.join(tmpdir(), 'supabase-local-storage-'));
    if (temporaryDirs.length === 0) process.once('exit', removeTemporaryDirs);
    temporaryDirs.push(root);
    files = new ObjectFiles(root);
    temporaryRoots.set(config, files);
  }
  return files;
}
