import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObjectFiles } from '../../src/storage/object-files.ts';

let root: string;
let files: ObjectFiles;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'object-files-test-'));
  files = new ObjectFiles(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const text = (value: string) => Buffer.from(value);

describe('object files on disk', () => {
  it('keeps a placed file under <bucket>/<key> with nothing left over', async () => {
    const placed = await files.place('b', 'u/a.png', text('one'));
    await placed.keep();
    expect((await files.read('b', 'u/a.png'))?.toString()).toBe('one');
    expect(await readdir(path.join(root, 'b', 'u'))).toEqual(['a.png']);
  });

  it('undo removes a new file and restores the content it replaced', async () => {
    await (await files.place('b', 'u/a.png', text('old'))).keep();
    await (await files.place('b', 'u/new.png', text('new'))).undo();
    expect(await files.read('b', 'u/new.png')).toBeUndefined();
    await (await files.place('b', 'u/a.png', text('replacement'))).undo();
    expect((await files.read('b', 'u/a.png'))?.toString()).toBe('old');
    expect(await readdir(path.join(root, 'b', 'u'))).toEqual(['a.png']);
  });

  it('refuses a key that would leave the root, and a file where a folder is', async () => {
    expect(() => files.pathOf('b', '../../outside')).toThrow(/Invalid key/);
    await (await files.place('b', 'u/a.png', text('x'))).keep();
    await expect(files.place('b', 'u/a.png/inner.png', text('y'))).rejects.toThrow(/same name/);
  });

  it('removes files and ignores ones already gone', async () => {
    await (await files.place('b', 'u/a.png', text('x'))).keep();
    await files.remove('b', ['u/a.png', 'u/missing.png']);
    expect(await files.read('b', 'u/a.png')).toBeUndefined();
  });
});
