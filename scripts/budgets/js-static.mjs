// Which JavaScript a built page can load, read from dist/ alone, split the way a visitor pays for it:
//   initial   what loads with the page (after idle and a full scroll): external and inline scripts,
//             modulepreloads, islands that hydrate by themselves (client:load/idle/visible/media/only),
//             and every file those import statically;
//   onDemand  what loads later, one group per trigger: each `client:intent` island (its component and
//             renderer, when its dialog is about to open) and each dynamic import() (e.g. supabase-js), with
//             the files they import that the page has not loaded yet.
// Everything any of them references is counted (static imports, dynamic imports, Vite's preload lists).
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const MODULEPRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"/g;
const ISLAND = /<astro-island\b([^>]*)>/g;
const ISLAND_URL_ATTRIBUTES = ['component-url', 'renderer-url', 'before-hydration-url'];
/** Islands that wait for the visitor's intent instead of hydrating by themselves. */
const ON_DEMAND_DIRECTIVES = new Set(['intent']);
// A static import or re-export: `import"./x.js"`, `from"./x.js"` (minified or not).
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["'`]([^"'`\s]+?\.m?js)["'`]/g;
// Any other quoted path to a .js/.mjs file: import("./x.js"), or Vite's __vite__mapDeps lists
// ("_astro/chunk.js"), which only load with a dynamic import.
const REFERENCED_JS = /["'`]((?:\.{1,2}\/|\/|_astro\/)[^"'`\s]+?\.m?js)["'`]/g;

function resolveReference(reference, fromUrl) {
  if (reference.startsWith('/')) return reference;
  if (reference.startsWith('_astro/')) return `/${reference}`;
  return posix.join(posix.dirname(fromUrl), reference);
}

/** Gzip size in bytes, at zlib's default level, which is what scripts/serve-static.mjs sends. */
export function gzipSize(content) {
  return gzipSync(content).length;
}

function isJavaScriptType(attributes) {
  const type = /\btype="([^"]*)"/.exec(attributes)?.[1];
  return (
    type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript'
  );
}

const attribute = (attributes, name) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1]?.replaceAll('&amp;', '&');

/** The page's own entry points: what loads with it, and one list of URLs per on-demand island. */
function htmlEntries(html) {
  const initial = new Set();
  const islands = [];
  for (const pattern of [SCRIPT_SRC, MODULEPRELOAD]) {
    for (const match of html.matchAll(pattern)) if (match[1]) initial.add(match[1].replaceAll('&amp;', '&'));
  }
  for (const [, attributes = ''] of html.matchAll(ISLAND)) {
    const urls = ISLAND_URL_ATTRIBUTES.map((name) => attribute(attributes, name)).filter(Boolean);
    if (ON_DEMAND_DIRECTIVES.has(attribute(attributes, 'client') ?? '')) {
      const name = /&quot;name&quot;:&quot;([^&]+)&quot;/.exec(attributes)?.[1] ?? urls[0];
      islands.push({ label: `${name} (client:intent)`, urls });
    } else {
      for (const url of urls) initial.add(url);
    }
  }
  return { initial, islands };
}

function inlineScripts(html) {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && isJavaScriptType(attributes))
    .map(([, , body = '']) => body)
    .filter((body) => body.trim().length > 0);
}

const sum = (files) => files.reduce((total, file) => total + file.gzipBytes, 0);
const bySize = (files) => [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);

/**
 * @typedef {{ url: string, bytes: number, gzipBytes: number }} ScriptFile
 * @typedef {{ label: string, files: ScriptFile[], totalGzipBytes: number }} OnDemandGroup
 * @param {{ distDir: string, pagePath: string }} options pagePath is the HTML file inside dist (e.g. index.html)
 * @returns {Promise<{
 *   initial: { files: ScriptFile[], inline: { count: number, gzipBytes: number }, totalGzipBytes: number },
 *   onDemand: OnDemandGroup[],
 *   files: ScriptFile[], inline: { count: number, gzipBytes: number }, totalGzipBytes: number,
 * }>} files/totalGzipBytes: everything the page can ever load (initial and every group, each file once)
 */
export async function staticPageScripts({ distDir, pagePath }) {
  const html = await readFile(join(distDir, pagePath), 'utf8');
  /** @type {Map<string, { file: ScriptFile, staticRefs: string[], lazyRefs: string[] } | null>} */
  const cache = new Map();
  const read = async (url, required) => {
    if (cache.has(url)) return cache.get(url);
    const content = await readFile(join(distDir, decodeURIComponent(url))).catch(() => null);
    if (content === null) {
      // A quoted "/x.js" inside a bundle may be plain text (an error message); only the HTML's own
      // references must exist.
      if (required) throw new Error(`${pagePath} loads ${url}, which is not in ${distDir}`);
      cache.set(url, null);
      return null;
    }
    const text = content.toString('utf8');
    const staticRefs = new Set([...text.matchAll(STATIC_IMPORT)].map((m) => resolveReference(m[1], url)));
    const lazyRefs = [...text.matchAll(REFERENCED_JS)]
      .map((m) => resolveReference(m[1], url))
      .filter((ref) => !staticRefs.has(ref));
    const entry = {
      file: { url, bytes: content.length, gzipBytes: gzipSize(content) },
      staticRefs: [...staticRefs],
      lazyRefs,
    };
    cache.set(url, entry);
    return entry;
  };
  /** The files `roots` load together (static imports), and the dynamic imports they can start. */
  const closure = async (roots, required) => {
    const files = new Map();
    const lazy = new Set();
    const visit = async (url, mustExist) => {
      if (files.has(url)) return;
      const entry = await read(url, mustExist);
      if (!entry) return;
      files.set(url, entry.file);
      for (const ref of entry.staticRefs) await visit(ref, false);
      for (const ref of entry.lazyRefs) lazy.add(ref);
    };
    for (const root of roots) await visit(root, required);
    return { files, lazy };
  };

  const entries = htmlEntries(html);
  const toPath = (url) => new URL(url, `http://site/${pagePath}`).pathname;
  const initial = await closure([...entries.initial].map(toPath), true);

  // On-demand groups: each intent island, then every dynamic import reachable from anything so far.
  const groups = [];
  const pendingLazy = [...initial.lazy];
  for (const island of entries.islands) {
    const group = await closure(island.urls.map(toPath), true);
    groups.push({ label: island.label, files: group.files });
    pendingLazy.push(...group.lazy);
  }
  const seenLazy = new Set();
  while (pendingLazy.length > 0) {
    const url = pendingLazy.shift();
    if (seenLazy.has(url)) continue;
    seenLazy.add(url);
    const group = await closure([url], false);
    if (group.files.size === 0) continue;
    groups.push({ label: `import() ${url}`, files: group.files });
    pendingLazy.push(...group.lazy);
  }

  // A group counts only what the page has not loaded already; a group inside another is not a trigger
  // of its own (e.g. a chunk in Vite's preload list of a dynamic import).
  const onDemand = groups
    .map(({ label, files }) => ({
      label,
      files: bySize([...files.values()].filter((file) => !initial.files.has(file.url))),
    }))
    .filter((group) => group.files.length > 0)
    .filter((group, index, all) => {
      const key = (files) => files.map((file) => file.url).join(' ');
      return all.findIndex((other) => key(other.files) === key(group.files)) === index;
    })
    .filter(
      (group, index, all) =>
        !all.some(
          (other, otherIndex) =>
            otherIndex !== index &&
            other.files.length > group.files.length &&
            group.files.every((file) => other.files.some((o) => o.url === file.url)),
        ),
    )
    .map((group) => ({ ...group, totalGzipBytes: sum(group.files) }));

  const inline = inlineScripts(html);
  const inlineInfo = {
    count: inline.length,
    gzipBytes: inline.reduce((total, body) => total + gzipSize(body), 0),
  };
  const initialFiles = bySize(initial.files.values());
  const everything = new Map(initialFiles.map((file) => [file.url, file]));
  for (const group of onDemand) for (const file of group.files) everything.set(file.url, file);
  const allFiles = bySize(everything.values());
  return {
    initial: {
      files: initialFiles,
      inline: inlineInfo,
      totalGzipBytes: sum(initialFiles) + inlineInfo.gzipBytes,
    },
    onDemand,
    files: allFiles,
    inline: inlineInfo,
    totalGzipBytes: sum(allFiles) + inlineInfo.gzipBytes,
  };
}
