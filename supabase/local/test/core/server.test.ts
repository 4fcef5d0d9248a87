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

  it('answers CORS preflights for the site origin', async () => {
    const response = await fetch(`${stack.url}/rest/v1/events`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, prefer',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('exposes the headers supabase-js reads to browser code', async () => {
    const response = await fetch(`${stack.url}/rest/v1/events?select=id`, {
      headers: { apikey: stack.anonKey, origin: 'http://localhost:4321' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range');
  });

  it('answers 404 with a JSON body for an unknown service', async () => {
    const response = await fetch(`${stack.url}/graphql/v1`);
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
