// The admin area's JavaScript, from dist/ (issue 10): the shell is what /admin loads before any screen's own
// code (the page's initial scripts plus supabase-js, which the admins-only gate fetches at once); every other
// on-demand group is a route's chunk or something a route loads later (the overview's charts), reported one
// by one and each held to ADMIN_ROUTE_JS_GZIP_BYTES.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_ROUTE_JS_GZIP_BYTES, ADMIN_SHELL_JS_GZIP_BYTES, KB } from './limits.mjs';
import { staticPageScripts } from './js-static.mjs';

/** A chunk that holds supabase-js (its auth client is GoTrueClient, a name kept in its error messages). */
const SUPABASE_MARKER = /GoTrueClient/;

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const row = (bytes, text) => `  ${kb(bytes).padStart(9)}  ${text}`;
/** `import() /_astro/OverviewPage.Ab12.js` → `OverviewPage`: the chunk is named after its module. */
const chunkName = (label) => /([A-Za-z0-9_-]+?)\.[A-Za-z0-9_-]{6,}\.m?js$/.exec(label)?.[1] ?? label;

/**
 * Splits a page's scripts (staticPageScripts' result) into the shell and the route groups.
 * @param {Awaited<ReturnType<typeof staticPageScripts>>} scripts
 * @param {(url: string) => boolean} isSupabase whether a file holds supabase-js
 */
export function splitAdminScripts(scripts, isSupabase) {
  // The groups started by importing supabase-js itself (a route that shares its files is still a route).
  const supabaseGroups = scripts.onDemand.filter((group) =>
    isSupabase(group.label.replace(/^import\(\) /, '')),
  );
  const shellExtra = new Map();
  for (const group of supabaseGroups) for (const file of group.files) shellExtra.set(file.url, file);
  const extraBytes = [...shellExtra.values()].reduce((total, file) => total + file.gzipBytes, 0);
  const routes = scripts.onDemand
    .filter((group) => !supabaseGroups.includes(group))
    .map((group) => {
      const files = group.files.filter((file) => !shellExtra.has(file.url));
      return {
        name: chunkName(group.label),
        // A group that holds a route's chunk too (the charts import the overview's code) says so.
        contents: files.map((file) => chunkName(file.url)),
        files,
        gzipBytes: files.reduce((total, file) => total + file.gzipBytes, 0),
      };
    })
    .filter((group) => group.files.length > 0)
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { shellBytes: scripts.initial.totalGzipBytes + extraBytes, routes };
}

/**
 * Checks the admin page at `pagePath`; logs the shell and every route group, returns the problems found.
 * @param {{ distDir: string, pagePath: string, log: (line: string) => void }} options
 */
export async function checkAdminPage({ distDir, pagePath, log }) {
  const scripts = await staticPageScripts({ distDir, pagePath });
  const supabase = new Set();
  for (const file of scripts.files) {
    const content = await readFile(join(distDir, decodeURIComponent(file.url)), 'utf8');
    if (SUPABASE_MARKER.test(content)) supabase.add(file.url);
  }
  const { shellBytes, routes } = splitAdminScripts(scripts, (url) => supabase.has(url));
  const problems = [];
  log(
    row(
      shellBytes,
      `${pagePath}: admin shell (at load + supabase-js), budget ${kb(ADMIN_SHELL_JS_GZIP_BYTES)}`,
    ),
  );
  if (shellBytes > ADMIN_SHELL_JS_GZIP_BYTES)
    problems.push(
      `${pagePath}: the admin shell's ${kb(shellBytes)} exceeds ${kb(ADMIN_SHELL_JS_GZIP_BYTES)}`,
    );
  for (const route of routes) {
    log(row(route.gzipBytes, `  then ${route.name}: ${route.contents.join(', ')}`));
    if (route.gzipBytes > ADMIN_ROUTE_JS_GZIP_BYTES)
      problems.push(
        `${pagePath}: ${route.name}'s ${kb(route.gzipBytes)} exceeds ${kb(ADMIN_ROUTE_JS_GZIP_BYTES)}`,
      );
  }
  return problems;
}
