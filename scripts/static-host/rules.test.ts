import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite, startServerProcess, type ServerProcess } from './test-server';

// serve-static applies dist/_redirects and dist/_headers as Netlify and Cloudflare Pages do, checked on a
// miniature site: rewrites keep the URL, redirects send Location, files shadow non-forced rules.

let site: Awaited<ReturnType<typeof makeSite>>;
let server: ServerProcess;

beforeAll(async () => {
  site = await makeSite({
    'index.html': '<title>home</title>',
    '404.html': '<title>missing</title>',
    'customer/index.html': '<title>customer shell</title>',
    'customer/list.html': '<title>customer list</title>',
    'app/index.html': '<title>app shell</title>',
    'app/real.html': '<title>real app file</title>',
    'tours/ghosts.html': '<title>ghost tour</title>',
    '_astro/app.abc123.js': 'export {};',
    _redirects: [
      '# id pages are one shell each',
      '/customer/*   /customer/index.html   200',
      '/app/*        /app/index.html        200!',
      '/old-tours/:slug   /tours/:slug      301',
      '/moved/*      /:splat                302',
      '/gone         /missing-too           200',
    ].join('\n'),
    _headers: [
      '/*',
      '  X-Content-Type-Options: nosniff',
      "  Content-Security-Policy: default-src 'self'",
      '/_astro/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '/customer/*',
      '  ! Content-Security-Policy',
    ].join('\n'),
  });
  server = await startServerProcess(site.root);
});

afterAll(async () => {
  await server?.stop();
  await site?.remove();
});

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.text(),
    url: response.url,
  };
}

describe('_redirects in serve-static', () => {
  it('rewrites with 200: the shell answers and the URL stays', async () => {
    const response = await get('/customer/8d3f-42');
    expect(response.status).toBe(200);
    expect(response.body).toContain('customer shell');
    expect(response.url).toBe(`${server.url}/customer/8d3f-42`);
    expect(response.headers.get('location')).toBeNull();
  });

  it('lets an existing file win over a rewrite that is not forced', async () => {
    expect((await get('/customer/list')).body).toContain('customer list');
  });

  it('applies a forced rule (200!) even where a file exists', async () => {
    expect((await get('/app/real')).body).toContain('app shell');
  });

  it('redirects with placeholders and splats, keeping the query', async () => {
    const moved = await get('/old-tours/ghosts?ref=mail');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/tours/ghosts?ref=mail');
    const splat = await get('/moved/tours/ghosts');
    expect(splat.status).toBe(302);
    expect(splat.headers.get('location')).toBe('/tours/ghosts');
  });

  it('never turns a splat into a redirect to another host', async () => {
    for (const path of ['/moved//evil.example/x', '/moved/%2F%2Fevil.example']) {
      const response = await get(path);
      const location = response.headers.get('location') ?? '';
      expect(location, path).toMatch(/^\/[^/\\]/);
    }
  });

  it('answers 404 with the 404 page when a rewrite target does not exist', async () => {
    const response = await get('/gone');
    expect(response.status).toBe(404);
    expect(response.body).toContain('missing');
  });
});

describe('_headers in serve-static', () => {
  it('adds the rules of every matching block, over the host defaults', async () => {
    const page = await get('/tours/ghosts');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const asset = await get('/_astro/app.abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('applies rules to the 404 page and to rewritten paths by the requested path (detach included)', async () => {
    const missing = await get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'self'");
    const shell = await get('/customer/7');
    expect(shell.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shell.headers.get('content-security-policy')).toBeNull();
  });
});
