// Finds what a Content-Security-Policy without 'unsafe-inline' must allow by hash in built HTML: inline
// scripts that run (Astro's island and hydration bootstraps, the theme's no-flash script, small bundled
// modules Astro inlines), inline <style> elements and style="" attributes. Inline event handlers
// (onclick="…") cannot be allowed safely, so they are reported for the build to refuse.
import { createHash } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi;
const TAG = /<[a-zA-Z][\w:-]*((?:\s[^>]*)?)>/g;
const ATTRIBUTE = /\s([^\s"'=<>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
// Script types a browser runs; everything else (JSON-LD, templates) is a data block CSP ignores.
const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP source for text: 'sha256-<base64>' of its UTF-8 bytes, exactly as the browser hashes it. */
export function cspHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function attributesOf(attributeText) {
  /** @type {Map<string, string>} */
  const attributes = new Map();
  for (const match of attributeText.matchAll(ATTRIBUTE)) {
    attributes.set((match[1] ?? '').toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  // Boolean attributes (`<script async src=…>`) have no `=`; only their presence matters here.
  return attributes;
}

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|quot|apos|amp|lt|gt);/gi, (entity, body) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { quot: '"', apos: "'", amp: '&', lt: '<', gt: '>' }[lower] ?? entity;
  });
}

/**
 * @param {string} html one built page
 * @returns {{ scripts: string[], styles: string[], styleAttributes: string[], eventHandlers: string[] }}
 *   the texts of runnable inline scripts, inline <style> elements and style attributes; event handler
 *   attributes as `name="value"`
 */
export function inlineSources(html) {
  const scripts = [];
  const styles = [];
  for (const [, attributeText = '', body = ''] of html.matchAll(SCRIPT)) {
    const attributes = attributesOf(attributeText);
    const type = (attributes.get('type') ?? '').trim().toLowerCase();
    if (!/\ssrc\s*=/i.test(attributeText) && RUNNABLE_TYPES.has(type)) scripts.push(body);
  }
  for (const [, , body = ''] of html.matchAll(STYLE)) styles.push(body);
  // Attributes are read outside script and style bodies, whose text may mention tags.
  const markup = html.replace(SCRIPT, '<script>').replace(STYLE, '<style>');
  const styleAttributes = [];
  const eventHandlers = [];
  for (const [, attributeText = ''] of markup.matchAll(TAG)) {
    for (const [name, value] of attributesOf(attributeText)) {
      if (name === 'style') styleAttributes.push(value);
      else if (/^on[a-z]+$/.test(name)) eventHandlers.push(`${name}="${value}"`);
    }
  }
  return { scripts, styles, styleAttributes, eventHandlers };
}
