import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from './dist';

// The sitemap is the list of every static page: the accessibility and console suites walk it, so a new page
// is covered as soon as it is published. It is read from the built dist/ (the files the server serves)
// when tests are collected, so each page becomes its own test. Locations carry the production origin;
// tests use only the path.

const LOC_PATTERN = /<loc>\s*([^<\s]+)\s*<\/loc>/g;

function locations(xml: string): string[] {
  return [...xml.matchAll(LOC_PATTERN)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/** Every page path listed in dist/sitemap.xml (following a sitemap index if there is one), sorted. */
export function sitemapPaths(): string[] {
  const pending = ['/sitemap.xml'];
  const pages = new Set<string>();
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    const file = join(DIST_DIR, next);
    if (!existsSync(file)) throw new Error(`${file} is missing: build the site first (npm run build)`);
    const xml = readFileSync(file, 'utf8');
    const isIndex = xml.includes('<sitemapindex');
    for (const location of locations(xml)) {
      const path = new URL(location).pathname;
      if (isIndex) pending.push(path);
      else pages.add(path);
    }
  }
  if (pages.size === 0) throw new Error('sitemap.xml lists no pages');
  return [...pages].sort();
}

/** A path no page will ever have, to reach the 404 page. */
export const MISSING_PATH = '/this-page-does-not-exist';
