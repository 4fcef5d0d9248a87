import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSite,
  rawRequest,
  startServerProcess,
  statusOf,
  type ServerProcess,
} from './static-host/test-server';

// No request of any shape may end the static server: `GET //` once did (`new URL` threw outside the
// try). Every odd request line and header below goes over a raw socket, then the server must still answer.

const ODD_TARGETS = [
  '//',
  '///',
  '//evil.example/',
  '/\\\\evil.example/',
  '\\\\',
  '\\',
  '*',
  '?',
  '?x=1',
  '#',
  'index.html',
  'http://',
  'http://[::1',
  'http://user:pass@[bad/',
  'https://example.com//',
  'ftp://example.com/',
  '/%',
  '/%ZZ',
  '/%00',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/../../../../etc/passwd',
  '/a/../../b',
  '/' + 'a'.repeat(20_000),
  '/\u00e9',
  '/%C0%AF',
  '/_headers',
  '/_redirects',
];

const ODD_REQUESTS = [
  ...ODD_TARGETS.flatMap((target) =>
    ['GET', 'HEAD', 'OPTIONS'].map((method) => `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
  ),
  'GET / HTTP/1.1\r\nHost: [\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: \r\n\r\n',
  'GET // HTTP/1.1\r\nHost: a b\r\n\r\n',
  'GET / HTTP/1.1\r\nno colon here\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
  'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
  'GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: ' + 'br,'.repeat(3000) + '\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: x\r\nX-Big: ' + 'y'.repeat(100_000) + '\r\n\r\n',
  'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
  'GET /\r\n\r\n',
  'GET  HTTP/1.1\r\n\r\n',
  'BREW / HTTP/1.1\r\nHost: x\r\n\r\n',
  'DELETE // HTTP/1.1\r\nHost: x\r\n\r\n',
  '\r\n\r\n',
  '\u0000\u0001\u0002\u00ff garbage\r\n\r\n',
  'GET // HTTP/1.0\r\n\r\n',
  'GET // HTTP/1.1\r\nHost: x\r\n\r\nGET /// HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n',
];

let site: Awaited<ReturnType<typeof makeSite>>;
let server: ServerProcess;

beforeAll(async () => {
  site = await makeSite({
    'index.html': '<!doctype html><title>home</title>',
    '404.html': '<!doctype html><title>missing</title>',
  });
  server = await startServerProcess(site.root);
});

afterAll(async () => {
  await server?.stop();
  await site?.remove();
});

describe('serve-static survives odd requests', () => {
  it('answers GET // without dying', async () => {
    const answer = await rawRequest(server.port, 'GET // HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(statusOf(answer)).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('never answers 5xx and keeps serving after every odd request line and header', async () => {
    for (const request of ODD_REQUESTS) {
      const answer = await rawRequest(server.port, request);
      const status = statusOf(answer);
      const label = JSON.stringify(request.slice(0, 80));
      if (status !== null) expect(status, label).toBeLessThan(500);
      expect(server.child.exitCode, `${label} ended the server:\n${server.output()}`).toBeNull();
    }
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>home</title>');
  }, 60_000);

  it('refuses targets that name no path with 400 and never serves the rule files', async () => {
    for (const target of ['*', 'http://[::1', 'index.html', '?x=1']) {
      const answer = await rawRequest(server.port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(statusOf(answer), target).toBe(400);
    }
    for (const target of ['/_headers', '/_redirects']) {
      const answer = await rawRequest(server.port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(statusOf(answer), target).toBe(404);
    }
  });
});
