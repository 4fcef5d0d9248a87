import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gzipSize, staticPageScripts } from './js-static.mjs';

// A miniature dist/ with every way an Astro page pulls in JavaScript, to show each one is counted once.

let distDir: string;

async function writeDist(files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(distDir, path)), { recursive: true });
    await writeFile(join(distDir, path), content);
  }
}

beforeEach(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'js-static-'));
});

afterEach(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describe('staticPageScripts', () => {
  it('follows scripts, modulepreloads, islands and the imports inside them', async () => {
    const shared = 'export const shared = 1;'.repeat(20);
    await writeDist({
      'index.html': [
        '<html><head>',
        '<link rel="modulepreload" href="/_astro/preloaded.js">',
        '<script type="module" src="/_astro/page.js"></script>',
        '<script type="application/ld+json">{"@type":"Event"}</script>',
        '<script>console.log("inline")</script>',
        '</head><body>',
        '<astro-island component-url="/_astro/Island.js" renderer-url="/_astro/client.js" client="idle"></astro-island>',
        '</body></html>',
      ].join(''),
      '_astro/preloaded.js': 'export const preloaded = true;',
      '_astro/page.js': 'import "./shared.js"; const lazy = () => import("./lazy.js");',
      '_astro/Island.js': 'import { shared } from "./shared.js"; export default shared;',
      '_astro/client.js':
        'const deps = __vite__mapDeps(["_astro/x.css", "_astro/dep.js", "/_astro/abs.js"]);',
      '_astro/shared.js': shared,
      '_astro/lazy.js': 'export const lazy = 1; const msg = "see /docs/not-a-file.js";',
      '_astro/dep.js': 'export const dep = 1;',
      '_astro/abs.js': 'export const abs = 1;',
      '_astro/unused.js': 'export const unused = 1;',
    });

    const result = await staticPageScripts({ distDir, pagePath: 'index.html' });

    expect(result.files.map((file) => file.url).sort()).toEqual([
      '/_astro/Island.js',
      '/_astro/abs.js',
      '/_astro/client.js',
      '/_astro/dep.js',
      '/_astro/lazy.js',
      '/_astro/page.js',
      '/_astro/preloaded.js',
      '/_astro/shared.js',
    ]);
    const sharedFile = result.files.find((file) => file.url === '/_astro/shared.js');
    expect(sharedFile?.gzipBytes).toBe(gzipSize(shared));
    expect(result.inline).toEqual({ count: 1, gzipBytes: gzipSize('console.log("inline")') });
    const filesTotal = result.files.reduce((sum, file) => sum + file.gzipBytes, 0);
    expect(result.totalGzipBytes).toBe(filesTotal + result.inline.gzipBytes);
  });

  it('splits what loads with the page from what loads on intent or by import()', async () => {
    const react = 'export const react = 1;'.repeat(50);
    await writeDist({
      'index.html': [
        '<script type="module" src="/_astro/page.js"></script>',
        '<script>console.log("inline")</script>',
        '<astro-island component-url="/_astro/Form.js" renderer-url="/_astro/client.js" client="intent"',
        ' opts="{&quot;name&quot;:&quot;FormIsland&quot;,&quot;value&quot;:true}"></astro-island>',
        '<astro-island component-url="/_astro/Form.js" renderer-url="/_astro/client.js" client="intent"',
        ' opts="{&quot;name&quot;:&quot;FormIsland&quot;,&quot;value&quot;:true}"></astro-island>',
        '<astro-island component-url="/_astro/Eager.js" renderer-url="/_astro/client.js" client="visible">',
        '</astro-island>',
      ].join(''),
      '_astro/page.js':
        'import{a}from"./atom.js";const s=()=>import("./supabase.js");const d=__vite__mapDeps(["_astro/supabase-dep.js"]);',
      '_astro/atom.js': 'export const a = 1;',
      '_astro/supabase.js': 'import{x}from"./supabase-dep.js";export const supabase = x;',
      '_astro/supabase-dep.js': 'export const x = 1;',
      '_astro/Form.js': 'import{r}from"./react.js";import{a}from"./atom.js";export default r;',
      '_astro/Eager.js': 'export default 1;',
      '_astro/client.js': 'import{r}from"./react.js";export default r;',
      '_astro/react.js': react,
    });

    const result = await staticPageScripts({ distDir, pagePath: 'index.html' });

    // A client:visible island hydrates by itself once scrolled to, so it counts with the page.
    expect(result.initial.files.map((file) => file.url).sort()).toEqual([
      '/_astro/Eager.js',
      '/_astro/atom.js',
      '/_astro/client.js',
      '/_astro/page.js',
      '/_astro/react.js',
    ]);
    const initialTotal = result.initial.files.reduce((sum, file) => sum + file.gzipBytes, 0);
    expect(result.initial.totalGzipBytes).toBe(initialTotal + gzipSize('console.log("inline")'));
    // Each on-demand group holds only what the page has not loaded yet; two islands of the same form
    // are one group, and supabase-dep.js (in the import's preload list) is not a trigger of its own.
    expect(result.onDemand.map((group) => [group.label, group.files.map((file) => file.url).sort()])).toEqual(
      [
        ['FormIsland (client:intent)', ['/_astro/Form.js']],
        ['import() /_astro/supabase.js', ['/_astro/supabase-dep.js', '/_astro/supabase.js']],
      ],
    );
    for (const group of result.onDemand)
      expect(group.totalGzipBytes).toBe(group.files.reduce((sum, file) => sum + file.gzipBytes, 0));
  });

  it('counts React with a form when no island loads it at once', async () => {
    await writeDist({
      'index.html':
        '<astro-island component-url="/_astro/Form.js" renderer-url="/_astro/client.js" client="intent"></astro-island>',
      '_astro/Form.js': 'import{r}from"./react.js";export default r;',
      '_astro/client.js': 'import{r}from"./react.js";export default r;',
      '_astro/react.js': 'export const r = 1;',
    });

    const result = await staticPageScripts({ distDir, pagePath: 'index.html' });

    expect(result.initial.files).toEqual([]);
    expect(result.onDemand).toHaveLength(1);
    expect(result.onDemand[0]?.files.map((file) => file.url).sort()).toEqual([
      '/_astro/Form.js',
      '/_astro/client.js',
      '/_astro/react.js',
    ]);
  });

  it('fails loudly when the page references a script that is not in dist/', async () => {
    await writeDist({ 'index.html': '<script type="module" src="/_astro/missing.js"></script>' });
    await expect(staticPageScripts({ distDir, pagePath: 'index.html' })).rejects.toThrow(
      'index.html loads /_astro/missing.js',
    );
  });

  it('fails loudly when an intent island names a script that is not in dist/', async () => {
    await writeDist({
      'index.html': '<astro-island component-url="/_astro/gone.js" client="intent"></astro-island>',
    });
    await expect(staticPageScripts({ distDir, pagePath: 'index.html' })).rejects.toThrow(
      'index.html loads /_astro/gone.js',
    );
  });
});
