// The landing page's JavaScript budget: measured from dist/ (everything the page can load) and cross-checked
// against what Chromium actually fetches. Prints the figures every run; fails when over budget or when the
// browser loads a script the dist/ analysis did not see (the analysis would then be undercounting).
import { KB, LANDING_JS_GZIP_BYTES } from './limits.mjs';
import { networkPageScripts } from './js-network.mjs';
import { staticPageScripts } from './js-static.mjs';

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * @param {{ distDir: string, baseUrl: string, log?: (line: string) => void }} options
 * @returns {Promise<{ ok: boolean, staticGzipBytes: number, networkGzipBytes: number }>}
 */
export async function checkLandingJsBudget({ distDir, baseUrl, log = console.log }) {
  const fromDist = await staticPageScripts({ distDir, pagePath: 'index.html' });
  const fetched = await networkPageScripts({ baseUrl, path: '/' });
  // Inline scripts arrive inside the HTML, not as script requests: add them so both totals count the same.
  const networkGzipBytes = fetched.totalGzipBytes + fromDist.inline.gzipBytes;

  log(`Landing page JavaScript (gzip), budget ${kb(LANDING_JS_GZIP_BYTES)}:`);
  for (const file of fromDist.files) log(`  ${kb(file.gzipBytes).padStart(9)}  ${file.url}`);
  log(`  ${kb(fromDist.inline.gzipBytes).padStart(9)}  ${fromDist.inline.count} inline script(s)`);
  log(`  dist/ total:    ${kb(fromDist.totalGzipBytes)} in ${fromDist.files.length} file(s) + inline`);
  log(`  network total:  ${kb(networkGzipBytes)} in ${fetched.files.length} file(s) fetched + inline`);

  const problems = [];
  const counted = new Set(fromDist.files.map((file) => file.url));
  for (const file of fetched.files) {
    if (!counted.has(file.url))
      problems.push(`the browser loaded ${file.url}, which the dist/ analysis missed`);
  }
  if (fromDist.totalGzipBytes > LANDING_JS_GZIP_BYTES) {
    problems.push(`dist/ total ${kb(fromDist.totalGzipBytes)} exceeds ${kb(LANDING_JS_GZIP_BYTES)}`);
  }
  if (networkGzipBytes > LANDING_JS_GZIP_BYTES) {
    problems.push(`network total ${kb(networkGzipBytes)} exceeds ${kb(LANDING_JS_GZIP_BYTES)}`);
  }
  for (const problem of problems) log(`  FAIL: ${problem}`);
  log(`  ${problems.length === 0 ? 'PASS' : 'FAIL'}: landing page JavaScript budget`);
  return {
    ok: problems.length === 0,
    staticGzipBytes: fromDist.totalGzipBytes,
    networkGzipBytes,
  };
}
