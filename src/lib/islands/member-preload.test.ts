import { describe, expect, it } from 'vitest';
import { preloadScript, staticClosure, staticImports, withMemberPreloads } from './member-preload';

// Chunks as rolldown writes them: static imports first, dynamic ones as import(`…`).
const chunks: Record<string, string> = {
  '/_astro/Island.js': 'import{a as e}from"./react.js";import"./format.js";import(`./dialog.js`);',
  '/_astro/react.js': 'import{r as e}from"./runtime.js";var x=1;',
  '/_astro/format.js': 'import*as t from"./runtime.js";',
  '/_astro/runtime.js': 'var y=2;',
  '/_astro/renderer.js': 'import{r}from"./react.js";',
  '/_astro/Layout.js': 'import{s}from"./session.js";',
  '/_astro/session.js': 'export{};',
  '/_astro/dialog.js': 'export{};',
};
const read = (url: string) => Promise.resolve(chunks[url] ?? '');

const page = (island: string) =>
  '<html><head><meta charset="utf-8"><script>theme()</script>' +
  '<link rel="stylesheet" href="/a.css"></head>' +
  `<body>${island}<script type="module" src="/_astro/Layout.js"></script></body></html>`;

describe('staticImports', () => {
  it('reads named, bare and namespace imports, not dynamic ones', () => {
    expect(staticImports('/_astro/Island.js', chunks['/_astro/Island.js']!)).toEqual([
      '/_astro/react.js',
      '/_astro/format.js',
    ]);
    expect(staticImports('/_astro/format.js', chunks['/_astro/format.js']!)).toEqual(['/_astro/runtime.js']);
  });
});

describe('staticClosure', () => {
  it('lists every chunk once, entries first', async () => {
    expect(await staticClosure(['/_astro/Island.js', '/_astro/renderer.js'], read)).toEqual([
      '/_astro/Island.js',
      '/_astro/renderer.js',
      '/_astro/react.js',
      '/_astro/format.js',
      '/_astro/runtime.js',
    ]);
  });
});

describe('withMemberPreloads', () => {
  it('preloads the member island and what the page scripts import, after the stylesheet', async () => {
    const island =
      '<astro-island uid="1" component-url="/_astro/Island.js" renderer-url="/_astro/renderer.js" client="member">';
    const html = await withMemberPreloads(page(island), read);
    const script = preloadScript([
      '/_astro/Island.js',
      '/_astro/renderer.js',
      '/_astro/react.js',
      '/_astro/format.js',
      '/_astro/session.js',
      '/_astro/runtime.js',
    ]);
    expect(html).toContain(`<link rel="stylesheet" href="/a.css">${script}</head>`);
  });

  it('leaves a page without a client:member island as it was', async () => {
    const html = page('<astro-island component-url="/_astro/Island.js" client="load">');
    expect(await withMemberPreloads(html, read)).toBe(html);
  });

  it('preloads only in a browser marked signed in, after the first paint', () => {
    expect(preloadScript(['/a.js'])).toMatch(
      /^<script>if\(document\.documentElement\.hasAttribute\('data-signed-in'\)\)requestAnimationFrame\(function\(\)\{setTimeout\(function\(\)\{var f=document\.createDocumentFragment\(\);\["\/a\.js"\]/,
    );
  });

  it('puts every preload into the head at once, one change to the document', () => {
    const script = preloadScript(['/a.js', '/b.js', '/c.js']);
    expect(script.match(/document\.head\.appendChild/g)).toHaveLength(1);
    expect(script).toContain('document.head.appendChild(f)');
  });
});
