import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

describe('the stack gateway', () => {
  it('answers a health check', async () => {
    const response = await fetch(`${stack.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers CORS preflights as the hosted gateway (Kong): 200, any origin, no credentials, no key needed', async () => {
    const response = await fetch(`${stack.url}/rest/v1/events`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, prefer',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'apikey, authorization, content-type, prefer',
    );
    expect(response.headers.get('access-control-allow-methods')).toBe(
      'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT',
    );
    expect(await response.text()).toBe('');
  });

  it('never reflects an origin or allows credentials, so no page can ride a visitor’s session', async () => {
    const response = await fetch(`${stack.url}/rest/v1/events?select=id`, {
      headers: { apikey: stack.anonKey, origin: 'http://evil.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('exposes the headers supabase-js reads to browser code', async () => {
    const response = await fetch(`${stack.url}/rest/v1/events?select=id`, {
      headers: { apikey: stack.anonKey, origin: 'http://localhost:4321' },
    });
    expect(response.status).toBe(200);
    const exposed = response.headers.get('access-control-expose-headers')?.toLowerCase() ?? '';
    for (const name of ['content-range', 'preference-applied', 'x-supabase-api-version', 'x-sb-error-code']) {
      expect(exposed).toContain(name);
    }
  });

  describe('the API key, as Kong key-auth asks for it', () => {
    const missing = {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    };
    const invalid = {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    };

    it.each([
      ['GET', '/rest/v1/events?select=id'],
      ['POST', '/rest/v1/contact_messages'],
      ['POST', '/auth/v1/recover'],
      ['GET', '/auth/v1/settings'],
      ['POST', '/storage/v1/object/list/event-images'],
    ])('refuses %s %s without a key: 401 and nothing runs', async (method, route) => {
      const response = await fetch(`${stack.url}${route}`, { method });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Key realm="kong"');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual(missing);
    });

    it('refuses a key that is not the project’s, even with a valid token in Authorization', async () => {
      const response = await fetch(`${stack.url}/rest/v1/events?select=id`, {
        headers: { apikey: 'not-a-key', authorization: `Bearer ${stack.anonKey}` },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(invalid);
      const bearerOnly = await fetch(`${stack.url}/rest/v1/events?select=id`, {
        headers: { authorization: `Bearer ${stack.anonKey}` },
      });
      expect(await bearerOnly.json()).toEqual(missing);
    });

    it('takes the key from the apikey query parameter too', async () => {
      const response = await fetch(`${stack.url}/rest/v1/events?select=id&apikey=${stack.anonKey}`);
      expect(response.status).toBe(200);
    });

    it('refuses the cross-site form post: no key, a text/plain body, and nothing inserted', async () => {
      const count = async () =>
        Number(
          (await stack.db.query<{ n: number }>('select count(*)::int as n from public.contact_messages'))
            .rows[0]?.n,
        );
      const before = await count();
      const body = JSON.stringify({ full_name: 'Spam', email: 'spam@example.org', message: 'Hi' });
      const keyless = await fetch(`${stack.url}/rest/v1/contact_messages`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      });
      expect(keyless.status).toBe(401);
      // Even with the (public) key, a body that is not JSON is not read as JSON, as PostgREST answers.
      const plain = await fetch(`${stack.url}/rest/v1/contact_messages?apikey=${stack.anonKey}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
      expect(plain.status).toBe(400);
      expect(await plain.json()).toEqual({
        code: 'PGRST102',
        details: null,
        hint: null,
        message: 'Content-Type not acceptable: text/plain',
      });
      expect(await count()).toBe(before);
    });

    it('leaves the links people open from e-mails and public files open, as the hosted gateway does', async () => {
      const verify = await fetch(`${stack.url}/auth/v1/verify?token=x&type=signup`, { redirect: 'manual' });
      expect(verify.status).not.toBe(401);
      const file = await fetch(`${stack.url}/storage/v1/object/public/event-images/none.png`);
      expect(file.status).not.toBe(401);
    });
  });

  it('answers 404 with a JSON body for an unknown service', async () => {
    const response = await fetch(`${stack.url}/graphql/v1`, { headers: { apikey: stack.anonKey } });
    expect(response.status).toBe(404);
    expect(await response.json()).toHaveProperty('message');
  });

  it('answers a request target that is no URL with 400 and a JSON body, not a 500', async () => {
    const { port } = new URL(stack.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '//', method: 'POST' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Invalid request target' });
  });

  it('took a free port and reports it as its public URL', () => {
    expect(stack.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stack.url).not.toBe('http://127.0.0.1:54321');
  });
});
