import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';

// pg_net's interface as migrations call it (net.http_post, net._http_response), run by the stack's worker on
// both engines: a request leaves only after its transaction commits, never after a rollback, with pg_net's
// body, headers and query string; its answer, or the error, is kept under the request's id. Decision 0083.

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

function startTarget(): { server: Server; received: Received[] } {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return { server, received };
}

describe.each(['pglite', 'postgres'] as const)('pg_net on %s', (database) => {
  let stack: TestStack;
  const target = startTarget();
  let targetUrl: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.server.address() as AddressInfo).port}`;
    stack = await startTestStack({ database });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    target.server.close();
  });

  it('sends a request only once its transaction commits, and keeps the answer under its id', async () => {
    target.received.length = 0;
    const id = await stack.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `select net.http_post(url := $1, body := '{"hello": "world"}', params := '{"a": "1"}',
           headers := '{"Authorization": "Bearer k"}') as id`,
        [`${targetUrl}/hook`],
      );
      // Nothing leaves while the transaction is open, however often the worker looks (PGlite has one
      // connection, held by this transaction: there the worker cannot even look).
      if (database === 'postgres') expect(await stack.sendHttpRequests()).toBe(0);
      return rows[0]!.id;
    });
    expect(await stack.sendHttpRequests()).toBe(1);
    expect(target.received).toEqual([
      expect.objectContaining({ method: 'POST', url: '/hook?a=1', body: '{"hello": "world"}' }),
    ]);
    expect(target.received[0]!.headers).toMatchObject({
      authorization: 'Bearer k',
      'content-type': 'application/json',
    });
    const { rows } = await stack.db.query(
      'select status_code, content, timed_out, error_msg from net._http_response where id = $1',
      [id],
    );
    expect(rows).toEqual([{ status_code: 202, content: '{"ok":true}', timed_out: false, error_msg: null }]);
    expect(await stack.sendHttpRequests()).toBe(0);
    expect(target.received).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    target.received.length = 0;
    await expect(
      stack.db.transaction(async (tx) => {
        await tx.query('select net.http_post($1)', [`${targetUrl}/never`]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await stack.sendHttpRequests()).toBe(0);
    expect(target.received).toEqual([]);
  });

  it('refuses what pg_net refuses, and keeps the error of a request that could not be sent', async () => {
    await expect(
      stack.db.query(`select net.http_post($1, headers := '{"Content-Type": "text/plain"}')`, [targetUrl]),
    ).rejects.toThrow('Content-Type header must be "application/json"');
    await expect(stack.db.query('select net.http_post($1, body := null)', [targetUrl])).rejects.toThrow(
      'body must not be null',
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/closed`;
    await new Promise((resolve) => closed.close(resolve));
    const { rows } = await stack.db.query<{ id: string }>('select net.http_post($1) as id', [closedUrl]);
    await stack.sendHttpRequests();
    const answer = await stack.db.query<{ status_code: number | null; error_msg: string }>(
      'select status_code, error_msg from net._http_response where id = $1',
      [rows[0]!.id],
    );
    expect(answer.rows).toEqual([{ status_code: null, error_msg: expect.stringMatching(/ECONNREFUSED/) }]);
  });

  it('gives nobody in the API the queue, the answers or the call', async () => {
    for (const role of ['anon', 'authenticated']) {
      const { rows } = await stack.db.query<{ queue: boolean; answers: boolean; call: boolean }>(
        `select has_table_privilege($1, 'net.http_request_queue', 'select') as queue,
                has_table_privilege($1, 'net._http_response', 'select') as answers,
                has_function_privilege($1, 'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute') as call`,
        [role],
      );
      expect(rows).toEqual([{ queue: false, answers: false, call: false }]);
    }
  });
});
