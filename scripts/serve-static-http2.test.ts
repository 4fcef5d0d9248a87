// The static server over HTTPS with HTTP/2, as the page benchmarks serve the site (decision 0070): the same
// files, headers and rules as over HTTP/1.1, and a close that ends open sessions.
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../tests/helpers/self-signed-certificate';
import { startStaticServer } from './serve-static.mjs';
import { makeSite } from './static-host/test-server';

function get(
  session: ClientHttp2Session,
  path: string,
): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = session.request({ ':path': path, 'accept-encoding': 'identity' });
    let headers: IncomingHttpHeaders = {};
    let body = '';
    request.on('response', (received) => (headers = received));
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve({ headers, body }));
    request.on('error', reject);
    request.end();
  });
}

describe('the static server over HTTP/2', () => {
  let site: Awaited<ReturnType<typeof makeSite>>;
  let server: Awaited<ReturnType<typeof startStaticServer>>;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    site = await makeSite({
      'events.html': '<h1>Events</h1>',
      _headers: '/*\n  X-Frame-Options: DENY\n',
    });
    const certificate = selfSignedCertificate();
    server = await startStaticServer({
      root: site.root,
      port: 0,
      host: 'localhost',
      log: () => {},
      tls: certificate,
    });
    session = connect(server.url, { rejectUnauthorized: false });
  });

  afterAll(async () => {
    await server.close();
    await site.remove();
  });

  it('serves a clean URL over HTTPS with HTTP/2 and the rules of _headers', async () => {
    expect(server.url).toMatch(/^https:\/\/localhost:\d+$/);
    const answer = await get(session, '/events');
    expect(answer.headers[':status']).toBe(200);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.body).toBe('<h1>Events</h1>');
    expect(session.alpnProtocol).toBe('h2');
  });

  it('answers 404 for a file that is not there', async () => {
    expect((await get(session, '/nowhere')).headers[':status']).toBe(404);
  });

  it('ends open sessions when it closes', async () => {
    const closed = new Promise((resolve) => session.on('close', resolve));
    await server.close();
    await expect(closed).resolves.toBeUndefined();
  });
});
