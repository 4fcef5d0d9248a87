import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { within } from './helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

function socketUrl(apikey: string, vsn: string): string {
  return `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`;
}

/** Opens a raw socket and returns it with a function that waits for the next text frame. */
async function open(vsn: string): Promise<{ ws: WebSocket; next: () => Promise<unknown> }> {
  const ws = new WebSocket(socketUrl(stack.anonKey, vsn));
  const frames: unknown[] = [];
  const waiting: ((frame: unknown) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const frame: unknown = JSON.parse(data.toString());
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  await within(new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject)), 'open');
  const next = () =>
    frames.length > 0
      ? Promise.resolve(frames.shift())
      : within(new Promise<unknown>((resolve) => waiting.push(resolve)), 'a frame');
  return { ws, next };
}

describe('the realtime socket', () => {
  it('answers a heartbeat in vsn 2.0.0 array frames', async () => {
    const { ws, next } = await open('2.0.0');
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await next()).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    ws.close();
  });

  it('answers a heartbeat in vsn 1.0.0 object frames', async () => {
    const { ws, next } = await open('1.0.0');
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7', join_ref: null }));
    expect(await next()).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '7',
      join_ref: null,
    });
    ws.close();
  });

  it('echoes the postgres_changes bindings in order with ids, then confirms the subscription', async () => {
    const { ws, next } = await open('2.0.0');
    const postgres_changes = [
      { event: 'INSERT', schema: 'public', table: 'comments', filter: 'event_id=eq.x' },
      { event: '*', schema: 'public' },
    ];
    ws.send(JSON.stringify(['1', '1', 'realtime:room', 'phx_join', { config: { postgres_changes } }]));
    const reply = (await next()) as [
      string,
      string,
      string,
      string,
      { response: { postgres_changes: unknown[] } },
    ];
    expect(reply.slice(0, 4)).toEqual(['1', '1', 'realtime:room', 'phx_reply']);
    expect(reply[4]).toMatchObject({ status: 'ok' });
    const echoed = reply[4].response.postgres_changes as Record<string, unknown>[];
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(postgres_changes);
    expect(echoed.every((binding) => typeof binding.id === 'number')).toBe(true);
    expect(await next()).toEqual([
      '1',
      null,
      'realtime:room',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'room' },
    ]);
    ws.send(JSON.stringify(['1', '2', 'realtime:room', 'phx_leave', {}]));
    expect(await next()).toEqual(['1', '2', 'realtime:room', 'phx_reply', { status: 'ok', response: {} }]);
    ws.close();
  });

  it('refuses a join with a bad access token and a filter it cannot parse', async () => {
    const { ws, next } = await open('2.0.0');
    ws.send(JSON.stringify(['1', '1', 'realtime:a', 'phx_join', { config: {}, access_token: 'nope' }]));
    expect(await next()).toMatchObject(['1', '1', 'realtime:a', 'phx_reply', { status: 'error' }]);
    const bad = {
      postgres_changes: [{ event: '*', schema: 'public', table: 'comments', filter: 'id=like.x' }],
    };
    ws.send(JSON.stringify(['2', '2', 'realtime:b', 'phx_join', { config: bad }]));
    expect(await next()).toMatchObject(['2', '2', 'realtime:b', 'phx_reply', { status: 'error' }]);
    ws.close();
  });

  it('refuses the connection without a valid API key', async () => {
    const ws = new WebSocket(socketUrl('bad-key', '2.0.0'));
    ws.on('error', () => undefined);
    const status = await within(
      new Promise<number | undefined>((resolve) => {
        ws.once('unexpected-response', (req, res) => {
          resolve(res.statusCode);
          req.destroy();
        });
        ws.once('open', () => resolve(undefined));
      }),
      'the refusal',
    );
    expect(status).toBe(403);
  });
});
