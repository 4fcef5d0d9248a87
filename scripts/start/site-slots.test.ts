import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStaticServer } from '../serve-static.mjs';
import { siteSlots } from './site-slots.mjs';

// `npm start` serves `dist-start/current`, a symlink each finished build replaces in one rename (decision
// 0068). Served by the real static server, the site is one whole build or the next, never a mix or a gap.

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'site-slots-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A "build": what astro writes, reduced to a page and the asset it needs. */
async function fakeBuild(dir: string, label: string) {
  await mkdir(join(dir, '_astro'), { recursive: true });
  await writeFile(join(dir, 'index.html'), `<!doctype html><title>${label}</title><p>${label}`);
  await writeFile(join(dir, '_astro', `${label}.js`), `/* ${label} */`);
}

describe('the sites npm start serves', () => {
  it('answers 404 until a build is published, then serves each published build', async () => {
    const slots = siteSlots(root);
    const server = await startStaticServer({ root: slots.link, port: 0, host: '127.0.0.1', log: () => {} });
    try {
      expect((await fetch(`${server.url}/`)).status).toBe(404);
      expect(await slots.hasSite()).toBe(false);

      const first = await slots.nextBuildDir();
      await fakeBuild(first, 'first');
      // Written but not published: still nothing.
      expect((await fetch(`${server.url}/`)).status).toBe(404);
      await slots.publish(first);
      expect(await (await fetch(`${server.url}/`)).text()).toContain('first');

      const second = await slots.nextBuildDir();
      await fakeBuild(second, 'second');
      await slots.publish(second);
      expect(await (await fetch(`${server.url}/`)).text()).toContain('second');
      expect((await fetch(`${server.url}/_astro/second.js`)).status).toBe(200);
      expect(await slots.hasSite()).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('keeps the build it replaced for requests still reading it, and removes older ones', async () => {
    const slots = siteSlots(root);
    const dirs: string[] = [];
    for (const label of ['a', 'b', 'c']) {
      const dir = await slots.nextBuildDir();
      await fakeBuild(dir, label);
      await slots.publish(dir);
      dirs.push(dir);
    }
    const names = (await readdir(root)).sort();
    expect(names).toEqual(['current', ...dirs.slice(1).map((dir) => dir.slice(root.length + 1))].sort());
  });

  it('a failed build is discarded and the site stays as it was', async () => {
    const slots = siteSlots(root);
    const good = await slots.nextBuildDir();
    await fakeBuild(good, 'good');
    await slots.publish(good);
    const broken = await slots.nextBuildDir();
    await mkdir(broken);
    await writeFile(join(broken, 'index.html'), 'half');
    await slots.discard(broken);
    const server = await startStaticServer({ root: slots.link, port: 0, host: '127.0.0.1', log: () => {} });
    try {
      expect(await (await fetch(`${server.url}/`)).text()).toContain('good');
    } finally {
      await server.close();
    }
    expect(await readdir(root)).not.toContain(broken.slice(root.length + 1));
  });

  it('never answers anything but a whole build while builds are swapped in under load', async () => {
    const slots = siteSlots(root);
    const first = await slots.nextBuildDir();
    await fakeBuild(first, 'build-0');
    await slots.publish(first);
    const server = await startStaticServer({ root: slots.link, port: 0, host: '127.0.0.1', log: () => {} });
    let swapping = true;
    const swaps = (async () => {
      for (let n = 1; n <= 30; n += 1) {
        const dir = await slots.nextBuildDir();
        await fakeBuild(dir, `build-${n}`);
        await slots.publish(dir);
      }
      swapping = false;
    })();
    const answers: string[] = [];
    try {
      while (swapping) {
        const responses = await Promise.all(
          Array.from({ length: 4 }, () =>
            fetch(`${server.url}/`).then(async (r) => `${r.status} ${await r.text()}`),
          ),
        );
        answers.push(...responses);
      }
      await swaps;
    } finally {
      await server.close();
    }
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers)
      expect(answer).toMatch(/^200 <!doctype html><title>build-\d+<\/title><p>build-\d+$/);
  });
});
