import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { within } from './helpers.ts';

/** What a browser adds to a WebSocket handshake, with the parts each attack replaces. */
function handshake(target: string, headers: Record<string, string | undefined> = {}): string {
  const all: Record<string, string | undefined> = {
    Host: '127.0.0.1',
    Upgrade: 'websocket',
    Connection: 'Upgrade',
    'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'Sec-WebSocket-Version': '13',
    ...headers,
  };
  const lines = Object.entries(all)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}: ${value}`);
  return `GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** Writes raw bytes and resolves with what came back once the server closed (or after a short wait). */
function raw(port: number, ...chunks: (string | Buffer)[]): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(done, 1_500);
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('close', done);
    socket.on('error', done);
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

/** A WebSocket frame as a client must send it (masked), for payloads a ws client would refuse to build. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
      : Buffer.from([0x80 | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([length, mask, masked]);
}

describe.each(['pglite', 'postgres'] as const)('odd upgrade requests and frames on %s', (database) => {
  let stack: TestStack;
  let port: number;
  let socketPath: string;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    port = Number(new URL(stack.url).port);
    socketPath = `/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`;
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function healthy(): Promise<void> {
    const res = await fetch(`${stack.url}/health`);
    expect(res.status).toBe(200);
  }

  it('refuses odd handshakes with an HTTP error and keeps serving', async () => {
    const attacks: [string, RegExp][] = [
      // What a page opening ws://127.0.0.1:54321// sends: it used to end the whole stack.
      [handshake('//'), /^HTTP\/1\.1 400/],
      [handshake('///realtime/v1/websocket'), /^HTTP\/1\.1 400/],
      [handshake('//evil.example/realtime/v1/websocket'), /^HTTP\/1\.1 400/],
      [handshake('/\\evil.example/x'), /^HTTP\/1\.1 40[04]/],
      [handshake('http://x'), /^HTTP\/1\.1 400/],
      [handshake('http://x/realtime/v1/websocket?apikey=x'), /^HTTP\/1\.1 400/],
      [handshake('*'), /^HTTP\/1\.1 400/],
      [handshake(`/${'a/'.repeat(3_000)}`), /^HTTP\/1\.1 404/],
      [handshake('/realtime/v1/websocket/../../../etc/passwd'), /^HTTP\/1\.1 404/],
      [handshake('/realtime/v1/websocket?apikey=%E0%A4%A&vsn=%'), /^HTTP\/1\.1 40[03]/],
      [handshake('/realtime/v1/websocket'), /^HTTP\/1\.1 403/],
      [handshake(`/realtime/v1/websocket?vsn=2.0.0&apikey=${'x'.repeat(6_000)}`), /^HTTP\/1\.1 403/],
      [handshake(`${socketPath.replace('2.0.0', '3.0.0')}`), /^HTTP\/1\.1 400/],
      [handshake(`${socketPath}&vsn=1.0.0`), /^HTTP\/1\.1 101/],
      [handshake(socketPath, { 'Sec-WebSocket-Key': undefined }), /^HTTP\/1\.1 400/],
      [handshake(socketPath, { 'Sec-WebSocket-Key': '!!not base64!!' }), /^HTTP\/1\.1 400/],
      [handshake(socketPath, { 'Sec-WebSocket-Version': undefined }), /^HTTP\/1\.1 400/],
      [handshake(socketPath, { 'Sec-WebSocket-Version': '99' }), /^HTTP\/1\.1 400/],
      [handshake(socketPath, { Upgrade: 'nonsense' }), /^HTTP\/1\.1 400/],
      [handshake(socketPath, { 'X-Huge': 'h'.repeat(20_000) }), /^HTTP\/1\.1 431/],
      [handshake(socketPath, { 'Sec-WebSocket-Extensions': 'permessage-deflate; x=;;;' }), /^HTTP\/1\.1 101/],
    ];
    for (const [request, status] of attacks) {
      expect(await raw(port, request), request.replace(/apikey=[^&]*/, 'apikey=…').slice(0, 300)).toMatch(
        status,
      );
    }
    // A handshake cut off half-way, and one that hangs up before the API key is checked.
    await raw(port, handshake(socketPath).slice(0, 40));
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(handshake(socketPath));
        socket.destroy();
        resolve();
      });
      socket.on('error', () => resolve());
    });
    console.log(`[odd-upgrades] ${database}: ${attacks.length + 2} odd handshakes, stack still healthy`);
    await healthy();
  });

  it('survives garbage, ill-shaped and huge frames on an open socket', async () => {
    const upgraded = handshake(socketPath);
    const garbage = [
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      clientFrame(0x1, Buffer.from([0xc3, 0x28])), // a text frame that is not UTF-8
      clientFrame(0x8, Buffer.from([0x03])), // a close frame with a one-byte body
      clientFrame(0x9, Buffer.alloc(200)), // a ping over the control-frame limit
      clientFrame(0x3, Buffer.from('reserved opcode')),
      Buffer.from([0x81, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), // 2^64-1 bytes, unmasked
    ];
    for (const bytes of garbage) await raw(port, upgraded, bytes);

    const ws = new WebSocket(`${stack.url.replace(/^http/, 'ws')}${socketPath}`);
    ws.on('error', () => undefined);
    const replies: unknown[] = [];
    ws.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString())));
    await within(new Promise((resolve) => ws.once('open', resolve)), 'the socket to open');
    const frames: unknown[] = [
      'not json',
      '{',
      'null',
      '42',
      '"a string"',
      '[]',
      '[1,2,3,4,5,6]',
      '{"topic":1}',
      '[null,null,null,null,null]',
      '[null,"1",{"x":1},[],"phx_join"]',
      '['.repeat(100_000) + ']'.repeat(100_000),
      JSON.stringify([null, '1', 'realtime:x', 'phx_join', null]),
      JSON.stringify([null, '2', 'realtime:x', 'phx_join', { config: 5 }]),
      JSON.stringify([null, '3', 'realtime:x', 'phx_join', { config: { postgres_changes: {} } }]),
      JSON.stringify([null, '4', 'realtime:x', 'phx_join', { config: { postgres_changes: [null, 7] } }]),
      JSON.stringify([
        null,
        '5',
        'realtime:y',
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'comments', filter: 'x' }] } },
      ]),
      JSON.stringify([
        null,
        '6',
        'realtime:z',
        'phx_join',
        {
          config: {
            postgres_changes: [{ event: '*', schema: 'public', table: 'no"pe', filter: 'a"b=eq.1' }],
          },
        },
      ]),
      JSON.stringify([null, '7', 'realtime:z', 'access_token', { access_token: 12 }]),
      JSON.stringify([null, '8', 'realtime:z', 'access_token', { access_token: 'garbage' }]),
      JSON.stringify([null, '9', `realtime:${'t'.repeat(100_000)}`, 'phx_join', {}]),
      JSON.stringify([null, '10', 'realtime:', 'phx_join', {}]),
      JSON.stringify([null, '11', 'elsewhere', 'phx_join', {}]),
      JSON.stringify([null, '12', 'realtime:x', 'phx_join', { access_token: { not: 'a string' } }]),
      Buffer.from([0, 1, 2, 3]),
    ];
    for (const frame of frames) ws.send(frame as string);
    ws.send(JSON.stringify([null, 'last', 'phoenix', 'heartbeat', {}]));
    await within(
      (async () => {
        while (!replies.some((reply) => Array.isArray(reply) && reply[1] === 'last'))
          await new Promise((resolve) => setTimeout(resolve, 20));
      })(),
      'the heartbeat after the garbage',
    );
    const reasonOf = (ref: string): unknown =>
      (replies.find((reply) => Array.isArray(reply) && reply[1] === ref) as unknown[] | undefined)?.[4];
    expect(reasonOf('10')).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
    expect(reasonOf('11')).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });

    // Over hosted Realtime's 5 MB frame limit the socket is closed (1009), nothing else happens.
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    ws.send('x'.repeat(5_000_001));
    expect(await within(closed, 'the close after a huge frame')).toBe(1009);
    console.log(
      `[odd-upgrades] ${database}: ${garbage.length} garbage connections and ${frames.length + 2} odd frames, stack still healthy`,
    );
    await healthy();
  });
});
