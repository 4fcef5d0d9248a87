import { once } from 'node:events';
import { request } from 'node:http';
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor, mailTo } from '../auth/helpers.ts';
import { startSmtpSink, startTlsSmtpSink } from './smtp-sink.ts';
import { selfSignedCertificate } from '../../../../tests/helpers/self-signed-certificate.ts';

interface Summary {
  ID: string;
  To: { Name: string; Address: string }[];
  Subject: string;
}
interface List {
  total: number;
  messages_count: number;
  messages: Summary[];
}

/** A request with headers fetch will not send (Host). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: pathname, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the mailbox on its own port, as Mailpit', () => {
  let stack: TestStack;
  let mailUrl: string;
  beforeAll(async () => {
    stack = await startTestStack();
    mailUrl = stack.mailUrl ?? '';
    await clientFor(stack).auth.signUp({ email: 'reader@example.org', password: 'correct-horse-7' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('listens on a port of its own, which /health names', async () => {
    expect(mailUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(mailUrl).port).not.toBe(new URL(stack.url).port);
    expect(await (await fetch(`${stack.url}/health`)).json()).toMatchObject({ mailbox: mailUrl });
  });

  it('is no longer served on the API origin, with or without a key', async () => {
    for (const route of ['/mail', '/mail/api/messages', '/api/v1/messages']) {
      const response = await fetch(`${stack.url}${route}`, { headers: { apikey: stack.anonKey } });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('reader@example.org');
    }
  });

  it('shows mail as a page and through Mailpit’s API: list, search, one message, latest', async () => {
    const page = await fetch(`${mailUrl}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain('Confirm your Haunted Horizons membership');
    expect(html).toContain('reader@example.org');

    const list = (await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as List;
    expect(list).toMatchObject({ total: 1, messages_count: 1 });
    expect(list.messages[0]).toMatchObject({
      To: [{ Name: '', Address: 'reader@example.org' }],
      Subject: 'Confirm your Haunted Horizons membership',
    });

    const search = (await (
      await fetch(`${mailUrl}/api/v1/search?query=${encodeURIComponent('to:"reader@example.org"')}`)
    ).json()) as List;
    expect(search.messages.map((m) => m.ID)).toEqual([list.messages[0]?.ID]);
    const none = (await (await fetch(`${mailUrl}/api/v1/search?query=to:nobody@example.org`)).json()) as List;
    expect(none.messages).toEqual([]);

    const one = await (await fetch(`${mailUrl}/api/v1/message/${list.messages[0]?.ID}`)).json();
    expect(one).toMatchObject({
      ID: list.messages[0]?.ID,
      Subject: 'Confirm your Haunted Horizons membership',
      Text: expect.stringContaining('/auth/v1/verify?token='),
      HTML: expect.stringContaining('href="'),
    });
    expect(await (await fetch(`${mailUrl}/api/v1/message/latest`)).json()).toEqual(one);
    expect((await fetch(`${mailUrl}/api/v1/message/no-such-id`)).status).toBe(404);
    expect((await fetch(`${mailUrl}/api/v1/message/%E0%A4%A`)).status).toBe(404);
  });

  it('answers no cross-origin reader: another site, or the API’s own origin, gets 403 and no CORS headers', async () => {
    for (const origin of ['http://evil.example', stack.url, 'http://localhost:4321', 'null']) {
      const response = await fetch(`${mailUrl}/api/v1/messages`, { headers: { origin } });
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.text()).not.toContain('reader@example.org');
    }
    const preflight = await fetch(`${mailUrl}/api/v1/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a page that rebinds its own name to this machine (a Host that is not loopback)', async () => {
    const { port } = new URL(mailUrl);
    const rebound = await rawGet(`${mailUrl}/api/v1/messages`, { host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('reader@example.org');
    expect((await rawGet(`${mailUrl}/api/v1/messages`, { host: `localhost:${port}` })).status).toBe(200);
  });

  it('deletes only for its own page or a tool, never for another site', async () => {
    const before = ((await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as List).total;
    expect(before).toBeGreaterThan(0);
    const crossSite = await fetch(`${mailUrl}/api/v1/messages`, {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await fetch(`${mailUrl}/api/v1/messages`, {
      method: 'DELETE',
      headers: { origin: stack.url, 'sec-fetch-site': 'same-site' },
    });
    expect(sameSite.status).toBe(403);
    expect(((await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as List).total).toBe(before);

    const bad = await fetch(`${mailUrl}/api/v1/messages`, { method: 'DELETE', body: '{"IDs": 5}' });
    expect(bad.status).toBe(400);
    expect(((await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as List).total).toBe(before);

    await clientFor(stack).auth.signUp({ email: 'second@example.org', password: 'correct-horse-7' });
    const [second] = await mailTo(stack, 'second@example.org');
    const one = await fetch(`${mailUrl}/api/v1/messages`, {
      method: 'DELETE',
      headers: { origin: mailUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ IDs: [second?.id] }),
    });
    expect(one.status).toBe(200);
    expect(await mailTo(stack, 'second@example.org')).toEqual([]);
    expect(await mailTo(stack, 'reader@example.org')).toHaveLength(1);

    expect((await fetch(`${mailUrl}/api/v1/messages`, { method: 'DELETE' })).status).toBe(200);
    expect(((await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as List).total).toBe(0);
  });
});

describe('mail through SMTP_URL', () => {
  let stack: TestStack;
  const sink = startSmtpSink();
  beforeAll(async () => {
    const port = await listenOn(sink.server);
    stack = await startTestStack({ configure: (config) => (config.smtpUrl = `smtp://127.0.0.1:${port}`) });
  });
  afterAll(async () => {
    await stack?.close();
    sink.server.close();
  });

  it('delivers the confirmation e-mail to the SMTP server, and opens no mailbox', async () => {
    const { error } = await clientFor(stack).auth.signUp({
      email: 'smtp.user@example.org',
      password: 'correct-horse-7',
    });
    expect(error).toBeNull();
    expect(sink.messages).toHaveLength(1);
    const raw = sink.messages[0] ?? '';
    expect(raw).toMatch(/^To: smtp\.user@example\.org$/m);
    expect(raw).toMatch(/^Subject: Confirm your Haunted Horizons membership$/m);
    expect(raw.replace(/=\n/g, '').replace(/=3D/g, '=')).toContain('/auth/v1/verify?token=');
    expect(stack.mailUrl).toBeUndefined();
    expect(await (await fetch(`${stack.url}/health`)).json()).toMatchObject({ mailbox: null });
  });
});

async function listenOn(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('mail through SMTP_URL over TLS (smtps://) to a server with a self-signed certificate', () => {
  const certificate = selfSignedCertificate();
  const sink = startTlsSmtpSink(certificate);
  let port = 0;
  beforeAll(async () => {
    port = await listenOn(sink.server);
  });
  afterAll(() => {
    sink.server.close();
  });

  async function signUpThrough(insecure: boolean, email: string) {
    const stack = await startTestStack({
      configure: (config) => {
        config.smtpUrl = `smtps://127.0.0.1:${port}`;
        config.smtpTlsInsecure = insecure;
      },
    });
    try {
      return await clientFor(stack).auth.signUp({ email, password: 'correct-horse-7' });
    } finally {
      await stack.close();
    }
  }

  it('refuses to hand reset and sign-up links to a server whose certificate it cannot verify', async () => {
    const { error } = await signUpThrough(false, 'tls.refused@example.org');
    expect(error?.status).toBe(500);
    expect(error?.message).toMatch(/Error sending confirmation email/);
    expect(sink.messages.join('\n')).not.toContain('tls.refused@example.org');
  });

  it('delivers to it when SMTP_TLS_INSECURE=1 says this test server may be trusted', async () => {
    const { error } = await signUpThrough(true, 'tls.trusted@example.org');
    expect(error).toBeNull();
    expect(sink.messages.join('\n')).toMatch(/^To: tls\.trusted@example\.org$/m);
  });
});
