import { describe, expect, it } from 'vitest';
import { handleOneClick } from './handler.ts';

// The handler's rules with the REST API faked: what it refuses before calling it, what it sends, and how it
// answers each outcome. The stack test (supabase/local/test/functions) runs it against the real database.

const TARGET = 'https://mail.example.test/functions/v1/unsubscribe-one-click?token=abc123';
const ONE_CLICK = 'List-Unsubscribe=One-Click';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeApi(answer: () => Response) {
  const calls: Call[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return answer();
  }) as typeof globalThis.fetch;
  return { calls, options: { url: 'https://api.example.test', anonKey: 'anon-key', fetch } };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function post(body: BodyInit | null, type = 'application/x-www-form-urlencoded', target = TARGET): Request {
  return new Request(target, { method: 'POST', body, headers: type ? { 'content-type': type } : {} });
}

describe('handleOneClick', () => {
  it('unsubscribes with the anon key and the token from the query, and answers 200', async () => {
    const api = fakeApi(() => json('unsubscribed'));
    const response = await handleOneClick(post(ONE_CLICK), api.options);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('You are unsubscribed from trip news.');
    expect(api.calls).toHaveLength(1);
    const [call] = api.calls;
    expect(call!.url).toBe('https://api.example.test/rest/v1/rpc/unsubscribe');
    expect(call!.init.method).toBe('POST');
    expect(call!.init.headers).toMatchObject({ apikey: 'anon-key', authorization: 'Bearer anon-key' });
    expect(JSON.parse(String(call!.init.body))).toEqual({ token: 'abc123' });
  });

  it('accepts the one-click field as multipart form data too (RFC 8058 allows both)', async () => {
    const api = fakeApi(() => json('unsubscribed'));
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const response = await handleOneClick(new Request(TARGET, { method: 'POST', body: form }), api.options);
    expect(response.status).toBe(200);
  });

  it('answers 404 for a token the database does not know, without naming anyone', async () => {
    const api = fakeApi(() => json('invalid'));
    const response = await handleOneClick(post(ONE_CLICK), api.options);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('This unsubscribe link is not valid.');
  });

  it('answers 404 without calling the API when the link has no token', async () => {
    const api = fakeApi(() => json('unsubscribed'));
    const response = await handleOneClick(
      post(ONE_CLICK, undefined, TARGET.replace(/\?.*$/, '')),
      api.options,
    );
    expect(response.status).toBe(404);
    expect(api.calls).toEqual([]);
  });

  it('refuses every method but POST with 405 and Allow: POST, unsubscribing nobody', async () => {
    const api = fakeApi(() => json('unsubscribed'));
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await handleOneClick(new Request(TARGET, { method }), api.options);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    expect(api.calls).toEqual([]);
  });

  it('refuses any other body with 400, unsubscribing nobody', async () => {
    const api = fakeApi(() => json('unsubscribed'));
    const bodies: [BodyInit | null, string][] = [
      [null, 'application/x-www-form-urlencoded'],
      ['', 'application/x-www-form-urlencoded'],
      ['List-Unsubscribe=one-click', 'application/x-www-form-urlencoded'],
      ['Unsubscribe=One-Click', 'application/x-www-form-urlencoded'],
      [ONE_CLICK, 'text/plain'],
      [ONE_CLICK, ''],
      [JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), 'application/json'],
      [`${ONE_CLICK}&pad=${'x'.repeat(5000)}`, 'application/x-www-form-urlencoded'],
      ['--x\r\nbroken', 'multipart/form-data; boundary=x'],
    ];
    for (const [body, type] of bodies) {
      const response = await handleOneClick(post(body, type), api.options);
      expect(response.status, `${type}: ${String(body).slice(0, 40)}`).toBe(400);
    }
    expect(api.calls).toEqual([]);
  });

  it('answers 502 when the API fails, so the client does not take it as done', async () => {
    const unreachable = () => {
      throw new TypeError('fetch failed');
    };
    for (const failure of [
      () => json({ message: 'down' }, 500),
      () => new Response('not json'),
      unreachable,
    ]) {
      const response = await handleOneClick(post(ONE_CLICK), fakeApi(failure).options);
      expect(response.status).toBe(502);
    }
  });
});
