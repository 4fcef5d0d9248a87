import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isContentFile, watchContent } from './content-watch.mjs';

// `npm start` rebuilds when the sample content changes: the dataset file and its images (decision 0068).

describe('what counts as content', () => {
  it('is the dataset and the files under images/, not tests or editors’ temporary files', () => {
    expect(isContentFile('production.ndjson')).toBe(true);
    expect(isContentFile('images/tasmania-hero.jpg')).toBe(true);
    expect(isContentFile('images/trips/port-arthur.webp')).toBe(true);
    expect(isContentFile('production.test.ts')).toBe(false);
    expect(isContentFile('.production.ndjson.swp')).toBe(false);
    expect(isContentFile('images/.tasmania-hero.jpg.swp')).toBe(false);
    expect(isContentFile('images/tasmania-hero.jpg~')).toBe(false);
  });
});

describe('watching the content', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'content-watch-'));
    await writeFile(join(dir, 'production.ndjson'), '{}\n');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('reports a change to the dataset and to an image added later, and ignores other files', async () => {
    const reasons: string[] = [];
    const stop = watchContent({ dir, onChange: (reason) => reasons.push(reason) });
    try {
      await writeFile(join(dir, 'notes.txt'), 'not content');
      await writeFile(join(dir, 'production.ndjson'), '{"_id":"x"}\n');
      await until(() => reasons.length > 0);
      expect(reasons.every((reason) => reason === `${join(dir, 'production.ndjson')} changed`)).toBe(true);

      await mkdir(join(dir, 'images'));
      await writeFile(join(dir, 'images', 'hero.jpg'), 'jpeg bytes');
      await until(() => reasons.some((reason) => reason.includes('hero.jpg')));
      expect(reasons.some((reason) => reason.includes('notes.txt'))).toBe(false);
    } finally {
      stop();
    }
  });
});
