import { describe, expect, it } from 'vitest';
import {
  PRELOADS_PER_TASK,
  preloadScript,
  staticClosure,
  staticImports,
  withMemberPreloads,
} from './member-preload';

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

  it('preloads nothing in a browser not marked signed in', () => {
    const browser = runPreloadScript(preloadScript(['/a.js']), { signedIn: false });
    browser.runAll();
    expect(browser.tasks).toEqual([]);
  });

  it('preloads every chunk in order after the first paint, a few per task, each a modulepreload', () => {
    const urls = Array.from({ length: PRELOADS_PER_TASK * 2 + 1 }, (_, index) => `/_astro/c${index}.js`);
    const browser = runPreloadScript(preloadScript(urls), { signedIn: true });
    // Nothing before the frame's callback, nor in it: the first preloads come in a task after it.
    expect(browser.tasks).toEqual([]);
    browser.runAll();
    expect(browser.tasks).toEqual([
      urls.slice(0, PRELOADS_PER_TASK),
      urls.slice(PRELOADS_PER_TASK, PRELOADS_PER_TASK * 2),
      urls.slice(PRELOADS_PER_TASK * 2),
    ]);
    expect(browser.links.every((link) => link.rel === 'modulepreload')).toBe(true);
    expect(browser.preloadingKinds).toEqual(['timer', 'timer', 'timer']);
  });
});

/**
 * Runs the inline `script` against a stand-in for the browser: its frame callbacks and timers wait until
 * `runAll`, which runs them in order, as the event loop would. `tasks` lists, per task that added any, the
 * URLs of the links it put into the head.
 */
function runPreloadScript(script: string, { signedIn }: { signedIn: boolean }) {
  type Kind = 'frame' | 'timer';
  const queue: { kind: Kind; callback: () => void }[] = [];
  let running: Kind | null = null;
  const tasks: string[][] = [];
  const preloadingKinds: (Kind | null)[] = [];
  const links: { rel: string; href: string }[] = [];
  const fragment = () => {
    const children: { rel: string; href: string }[] = [];
    return { children, appendChild: (child: { rel: string; href: string }) => children.push(child) };
  };
  const document = {
    documentElement: { hasAttribute: (name: string) => signedIn && name === 'data-signed-in' },
    createDocumentFragment: fragment,
    createElement: () => ({ rel: '', href: '' }),
    head: {
      appendChild: (added: ReturnType<typeof fragment>) => {
        links.push(...added.children);
        tasks.push(added.children.map((link) => link.href));
        preloadingKinds.push(running);
      },
    },
  };
  const later = (kind: Kind) => (callback: () => void) => void queue.push({ kind, callback });
  const body = script.replace(/^<script>/, '').replace(/<\/script>$/, '');
  new Function('document', 'requestAnimationFrame', 'setTimeout', body)(
    document,
    later('frame'),
    later('timer'),
  );
  return {
    tasks,
    links,
    /** What ran each task that added preloads: a frame's callback or a timer. */
    preloadingKinds,
    runAll() {
      for (let task = queue.shift(); task; task = queue.shift()) {
        running = task.kind;
        task.callback();
      }
      running = null;
    },
  };
}
