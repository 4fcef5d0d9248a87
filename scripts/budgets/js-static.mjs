// Which JavaScript the built landing page can load, read from dist/ alone: external and inline scripts,
// modulepreloads, island components and renderers, and everything those files reference (static imports,
// dynamic imports and Vite's preload lists), so a lazily loaded chunk is counted too.
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const MODULEPRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"/g;
const ISLAND_URL = /\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g;
// Any quoted path to a .js/.mjs file: relative or site-absolute (import/export-from, import()) or relative
// to the site root without a slash, as in Vite's __vite__mapDeps lists ("_astro/chunk.js").
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

function htmlEntryUrls(html) {
  const urls = new Set();
  for (const pattern of [SCRIPT_SRC, MODULEPRELOAD, ISLAND_URL]) {
    for (const match of html.matchAll(pattern)) if (match[1]) urls.add(match[1].replaceAll('&amp;', '&'));
  }
  return urls;
}

function inlineScripts(html) {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && isJavaScriptType(attributes))
    .map(([, , body = '']) => body)
    .filter((body) => body.trim().length > 0);
}

/**
 * @param {{ distDir: string, pagePath: string }} options pagePath is the HTML file inside dist (e.g. index.html)
 * @returns {Promise<{ files: { url: string, bytes: number, gzipBytes: number }[], inline: { count: number, gzipBytes: number }, totalGzipBytes: number }>}
 */
export async function staticPageScripts({ distDir, pagePath }) {
  const html = await readFile(join(distDir, pagePath), 'utf8');
  const files = new Map();
  const visit = async (url, required) => {
    if (files.has(url)) return;
    const content = await readFile(join(distDir, decodeURIComponent(url))).catch(() => null);
    if (content === null) {
      // A quoted "/x.js" inside a bundle may be plain text (an error message); only the HTML's own
      // references must exist.
      if (required) throw new Error(`${pagePath} loads ${url}, which is not in ${distDir}`);
      return;
    }
    files.set(url, { url, bytes: content.length, gzipBytes: gzipSize(content) });
    for (const match of content.toString('utf8').matchAll(REFERENCED_JS)) {
      const reference = match[1];
      if (!reference) continue;
      await visit(resolveReference(reference, url), false);
    }
  };
  for (const url of htmlEntryUrls(html)) await visit(new URL(url, `http://site/${pagePath}`).pathname, true);
  const inline = inlineScripts(html);
  const inlineGzipBytes = inline.reduce((sum, body) => sum + gzipSize(body), 0);
  const sortedFiles = [...files.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const filesGzipBytes = sortedFiles.reduce((sum, file) => sum + file.gzipBytes, 0);
  return {
    files: sortedFiles,
    inline: { count: inline.length, gzipBytes: inlineGzipBytes },
    totalGzipBytes: filesGzipBytes + inlineGzipBytes,
  };
}
