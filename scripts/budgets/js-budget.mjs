// The JavaScript budgets, measured from dist/ (what each page can load, and when) and in Chromium (what a
// visitor's browser really fetches). Prints the figures every run; fails when
//   - the landing page's JavaScript at load (idle, scrolled through) exceeds LANDING_JS_AT_LOAD_BYTES,
//     in Chromium (bytes on the wire) or by the dist/ analysis (gzip);
//   - a visitor with no stored session who opens a form without submitting fetches supabase-js;
//   - any page's own JavaScript plus any one on-demand group exceeds its budget (pageJsBudget: the app's
//     pages APP_PAGE_JS_GZIP_BYTES, every other page PAGE_JS_GZIP_BYTES);
//   - the admin shell exceeds ADMIN_SHELL_JS_GZIP_BYTES or one admin route group ADMIN_ROUTE_JS_GZIP_BYTES
//     (js-admin.mjs; every route chunk is printed);
//   - the browser fetches a script the dist/ analysis did not see (the analysis would be undercounting).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { checkAdminPage } from './js-admin.mjs';
import {
  groupJsBudget,
  isAdminPage,
  KB,
  LANDING_JS_AT_LOAD_BYTES,
  PAGE_JS_GZIP_BYTES,
  pageJsBudget,
} from './limits.mjs';
import { networkPageScripts } from './js-network.mjs';
import { staticPageScripts } from './js-static.mjs';

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const row = (bytes, text) => `  ${kb(bytes).padStart(9)}  ${text}`;
/** A chunk that holds supabase-js (its auth client is GoTrueClient, a name kept in its error messages). */
const SUPABASE_MARKER = /GoTrueClient/;

async function htmlPages(distDir) {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(distDir, join(entry.parentPath, entry.name)))
    .sort();
}

async function supabaseChunks(distDir, files) {
  const found = new Set();
  for (const file of files) {
    const content = await readFile(join(distDir, decodeURIComponent(file.url)), 'utf8');
    if (SUPABASE_MARKER.test(content)) found.add(file.url);
  }
  return found;
}

/** The landing page as a visitor meets it; returns the problems found. */
async function checkLanding({ distDir, baseUrl, log }) {
  const problems = [];
  const fromDist = await staticPageScripts({ distDir, pagePath: 'index.html' });
  const { atLoad, formOpen } = await networkPageScripts({ baseUrl, path: '/' });
  const inline = fromDist.initial.inline;
  const atLoadBytes = atLoad.totalWireBytes + inline.gzipBytes;

  log(`Landing page JavaScript at load (idle, scrolled through), budget ${kb(LANDING_JS_AT_LOAD_BYTES)}:`);
  for (const file of atLoad.files) log(row(file.wireBytes, `${file.url} (on the wire)`));
  log(row(inline.gzipBytes, `${inline.count} inline script(s) (gzip)`));
  log(`  network total:  ${kb(atLoadBytes)} in ${atLoad.files.length} file(s) + inline`);
  log(
    `  dist/ total:    ${kb(fromDist.initial.totalGzipBytes)} gzip (initial scripts, modulepreloads, islands)`,
  );
  if (atLoadBytes > LANDING_JS_AT_LOAD_BYTES)
    problems.push(`landing page at load: network ${kb(atLoadBytes)} exceeds ${kb(LANDING_JS_AT_LOAD_BYTES)}`);
  if (fromDist.initial.totalGzipBytes > LANDING_JS_AT_LOAD_BYTES)
    problems.push(
      `landing page at load: dist/ ${kb(fromDist.initial.totalGzipBytes)} exceeds ${kb(LANDING_JS_AT_LOAD_BYTES)}`,
    );
  const initialUrls = new Set(fromDist.initial.files.map((file) => file.url));
  for (const file of atLoad.files)
    if (!initialUrls.has(file.url))
      problems.push(
        `at load the browser fetched ${file.url}, which the dist/ analysis counts as on demand or missed`,
      );

  if (formOpen) {
    log(`Opening a form (#${formOpen.dialog}: hover, click, type, no submit) then fetches:`);
    for (const file of formOpen.files) log(row(file.wireBytes, `${file.url} (on the wire)`));
    log(`  network total:  ${kb(formOpen.totalWireBytes)} in ${formOpen.files.length} file(s)`);
    const allUrls = new Set(fromDist.files.map((file) => file.url));
    for (const file of formOpen.files)
      if (!allUrls.has(file.url))
        problems.push(`the browser fetched ${file.url}, which the dist/ analysis missed`);
  }

  const supabase = await supabaseChunks(distDir, fromDist.files);
  log(`supabase-js chunk(s) the landing page can load: ${[...supabase].join(', ') || 'none'}`);
  for (const url of supabase) {
    if (initialUrls.has(url))
      problems.push(`supabase-js (${url}) is part of the landing page's initial JavaScript`);
    const fetched = [...atLoad.files, ...(formOpen?.files ?? [])].some((file) => file.url === url);
    if (fetched)
      problems.push(`a visitor with no session who submitted nothing fetched supabase-js (${url})`);
  }
  return problems;
}

/** Every built page: its own JavaScript plus any one on-demand group; returns the problems found. */
async function checkEveryPage({ distDir, log }) {
  const problems = [];
  log(
    `Every page: initial + largest on-demand group (gzip), budget ${kb(PAGE_JS_GZIP_BYTES)}, app pages ${kb(pageJsBudget('dashboard/index.html'))}, events pages ${kb(pageJsBudget('events.html'))}:`,
  );
  for (const pagePath of await htmlPages(distDir)) {
    // The admin area is one page with client-side routes: its shell and each route are budgeted apart.
    if (isAdminPage(pagePath)) {
      problems.push(...(await checkAdminPage({ distDir, pagePath, log })));
      continue;
    }
    const budget = pageJsBudget(pagePath);
    const scripts = await staticPageScripts({ distDir, pagePath });
    const initial = scripts.initial.totalGzipBytes;
    const groups = [...scripts.onDemand].sort((a, b) => b.totalGzipBytes - a.totalGzipBytes);
    const largest = groups[0];
    log(
      row(initial, `${pagePath} at load`) +
        (largest
          ? ` + ${kb(largest.totalGzipBytes)} for ${largest.label} = ${kb(initial + largest.totalGzipBytes)}`
          : ''),
    );
    if (initial > budget) problems.push(`${pagePath}: ${kb(initial)} at load exceeds ${kb(budget)}`);
    for (const group of groups) {
      const groupBudget = groupJsBudget(pagePath, group.label);
      if (groupBudget !== budget)
        log(
          row(
            initial + group.totalGzipBytes,
            `${pagePath} + ${group.label} (admins only), budget ${kb(groupBudget)}`,
          ),
        );
      if (initial + group.totalGzipBytes > groupBudget)
        problems.push(
          `${pagePath}: ${kb(initial)} + ${kb(group.totalGzipBytes)} for ${group.label} exceeds ${kb(groupBudget)}`,
        );
    }
  }
  return problems;
}

/**
 * @param {{ distDir: string, baseUrl: string, log?: (line: string) => void }} options
 * @returns {Promise<{ ok: boolean }>}
 */
export async function checkJsBudgets({ distDir, baseUrl, log = console.log }) {
  const problems = [
    ...(await checkLanding({ distDir, baseUrl, log })),
    ...(await checkEveryPage({ distDir, log })),
  ];
  for (const problem of problems) log(`  FAIL: ${problem}`);
  log(`  ${problems.length === 0 ? 'PASS' : 'FAIL'}: JavaScript budgets`);
  return { ok: problems.length === 0 };
}
