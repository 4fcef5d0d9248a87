/**
 * A member's page asks for all its JavaScript at once (issue 25, decision 0070's sixth amendment): after
 * the build, a page with a `client:member` island gets a small inline script in its head that, when
 * SignedInMark has marked <html data-signed-in>, adds a `modulepreload` for every chunk the page will load
 * for a member: the page's module scripts and the island's (component and renderer) with everything they
 * import. Without it the browser finds each chunk only once the one importing it has arrived, four or five
 * requests deep. A visitor's browser preloads nothing (their island waits for use). supabase-js is not
 * preloaded: a member's list is read early without it, and the session is checked once the list is shown
 * (decision 0098).
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** A chunk's static imports (rolldown writes them first: `import{a as b}from"./x.js"`, `import"./x.js"`). */
const STATIC_IMPORT = /\bimport\s*(?:[\w$\s{},*]*?from\s*)?"(\.\/[^"]+\.js)"/g;
const MEMBER_ISLAND = /<astro-island\b[^>]*\bclient="member"[^>]*>/g;
const ISLAND_URL = /\b(?:component-url|renderer-url)="([^"]+)"/g;
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"/g;

/** `url`'s static imports as absolute URLs (dynamic import() loads on demand: not followed). */
export function staticImports(url: string, code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => new URL(match[1]!, `http://x${url}`).pathname);
}

/** `entries` and everything they import statically, in the order found (entries first). */
export async function staticClosure(
  entries: string[],
  read: (url: string) => Promise<string>,
): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(url, await read(url)));
  }
  return [...seen];
}

/** Preloads added per task: adding one costs the main thread about a millisecond under Lighthouse's trace. */
export const PRELOADS_PER_TASK = 6;

/**
 * The inline script that preloads `urls` in a browser marked signed in, once the first paint is done (the
 * task after the frame's callbacks): Lighthouse counts every request started before the first paint
 * against it, and the first paint needs none of these. PRELOADS_PER_TASK at a time, a task each, in the
 * order given: some forty added in one task took 42 ms of the main thread, one long task that Lighthouse
 * multiplies by four and counts as blocking time (issue 25).
 */
export function preloadScript(urls: string[]): string {
  return (
    `<script>if(document.documentElement.hasAttribute('data-signed-in'))requestAnimationFrame(function(){` +
    `var u=${JSON.stringify(urls)},i=0;setTimeout(function next(){var f=document.createDocumentFragment();` +
    `u.slice(i,i+=${PRELOADS_PER_TASK}).forEach(function(h){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.href=h;f.appendChild(l)});document.head.appendChild(f);if(i<u.length)setTimeout(next)})})</script>`
  );
}

/**
 * `html` with the member's preloads in its head, after its stylesheet, or unchanged when it has no
 * `client:member` island.
 */
export async function withMemberPreloads(
  html: string,
  read: (url: string) => Promise<string>,
): Promise<string> {
  const islands = html.match(MEMBER_ISLAND);
  if (!islands) return html;
  const islandUrls = islands.flatMap((tag) => [...tag.matchAll(ISLAND_URL)].map((match) => match[1]!));
  // The page's module scripts, the layout's at the end of the body too: what they import is preloaded.
  const scripts = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  const head = html.slice(0, html.indexOf('</head>'));
  // Those the page's HTML asks for itself need no preload, only what they import.
  const urls = (await staticClosure([...islandUrls, ...scripts], read)).filter(
    (url) => !scripts.includes(url),
  );
  // After the stylesheet: requested first, it would wait behind some forty scripts for a connection, and
  // the first paint with it (measured: the stylesheet's request went from 0.13 s to 0.35 s into the load).
  const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(head);
  const where = stylesheet ? stylesheet.index + stylesheet[0].length : head.length;
  return html.slice(0, where) + preloadScript(urls) + html.slice(where);
}

/** The integration; list it before securityHeaders(), which hashes the inline scripts it finds. */
export function memberPreloads(): AstroIntegration {
  return {
    name: 'member-preloads',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const read = (url: string) => readFile(join(outDir, decodeURIComponent(url)), 'utf8');
        const pages = (await readdir(outDir, { recursive: true })).filter((name) => name.endsWith('.html'));
        for (const page of pages) {
          const html = await readFile(join(outDir, page), 'utf8');
          const next = await withMemberPreloads(html, read);
          if (next === html) continue;
          await writeFile(join(outDir, page), next);
          logger.info(`${page}: a member's browser preloads its JavaScript`);
        }
      },
    },
  };
}
