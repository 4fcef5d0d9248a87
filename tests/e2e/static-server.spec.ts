import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startStaticServer } from '../../scripts/serve-static.mjs';
import { DIST_DIR } from '../helpers/dist';

// The static server stands in for the production host in every browser test and budget, so its behaviour
// (clean URLs, the rules of _headers and _redirects, compression, 404s) is checked directly against the built dist/.

let server: Awaited<ReturnType<typeof startStaticServer>>;
const logged: string[] = [];

test.beforeAll(async () => {
  server = await startStaticServer({
    root: DIST_DIR,
    port: 0,
    host: 'localhost',
    log: (line) => logged.push(line),
  });
});

test.afterAll(async () => {
  await server.close();
});

test('serves / and clean URLs as HTML with a short cache', async ({ request }) => {
  const home = await request.get(`${server.url}/`);
  expect(home.status()).toBe(200);
  expect(home.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(home.headers()['cache-control']).toContain('max-age=0');

  const terms = await request.get(`${server.url}/terms`);
  expect(terms.status()).toBe(200);
  expect(await terms.text()).toContain('<html');
});

test('caches hashed /_astro assets for a year and compresses text', async ({ request }) => {
  const html = await (await request.get(`${server.url}/`)).text();
  const asset = /["'](\/_astro\/[^"']+\.(?:js|css))["']/.exec(html)?.[1];
  expect(asset, 'the landing page references a hashed asset').toBeDefined();
  const response = await request.get(`${server.url}${asset}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['content-type']).toMatch(/^(text\/javascript|text\/css)/);

  const gzipOnly = await request.get(`${server.url}/`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzipOnly.headers()['content-encoding']).toBe('gzip');
});

test('answers unknown paths with the 404 page, status 404 and a log line', async ({ request }) => {
  const response = await request.get(`${server.url}/no-such-page`);
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Oops! Page not found');
  expect(logged).toContain('404 GET /no-such-page');
});

test('never serves files outside dist/', async ({ request }) => {
  for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json']) {
    const response = await request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('"workspaces"');
  }
});

test('dist/ ships _headers and _redirects for the host, and never serves them', async ({ request }) => {
  for (const file of ['_headers', '_redirects']) {
    expect(existsSync(join(DIST_DIR, file)), `${DIST_DIR}/${file}`).toBe(true);
    const response = await request.get(`${server.url}/${file}`);
    expect(response.status(), file).toBe(404);
  }
});
