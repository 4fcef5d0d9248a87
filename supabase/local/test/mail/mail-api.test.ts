import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor } from '../auth/helpers.ts';

describe('mail over HTTP: the local mailbox', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows sign-up e-mails as a page and as JSON, one by id, and clears them', async () => {
    await clientFor(stack).auth.signUp({ email: 'reader@example.org', password: 'correct-horse-7' });
    const page = await fetch(`${stack.url}/mail`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Confirm your Haunted Horizons membership');
    expect(html).toContain('reader@example.org');

    const list = (await (await fetch(`${stack.url}/mail/api/messages?to=reader@example.org`)).json()) as {
      id: string;
    }[];
    expect(list).toHaveLength(1);
    const one = await (await fetch(`${stack.url}/mail/api/messages/${list[0]?.id}`)).json();
    expect(one).toMatchObject({
      to: 'reader@example.org',
      subject: 'Confirm your Haunted Horizons membership',
      text: expect.stringContaining('/auth/v1/verify?token='),
      html: expect.stringContaining('href="'),
      links: [expect.stringContaining('/auth/v1/verify?token=')],
    });
    expect((await fetch(`${stack.url}/mail/api/messages/no-such-id`)).status).toBe(404);
    expect((await fetch(`${stack.url}/mail/api/messages/%E0%A4%A`)).status).toBe(404);

    expect((await fetch(`${stack.url}/mail/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${stack.url}/mail/api/messages`)).json()).toEqual([]);
  });
});

/** Just enough SMTP to accept messages: greets, says OK to everything, collects DATA. */
function startSmtpSink(): { server: Server; messages: string[] } {
  const messages: string[] = [];
  const server = createServer((socket: Socket) => {
    let inData = false;
    let buffer = '';
    let data = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, messages };
}

describe('mail through SMTP_URL', () => {
  let stack: TestStack;
  const sink = startSmtpSink();
  beforeAll(async () => {
    sink.server.listen(0, '127.0.0.1');
    await once(sink.server, 'listening');
    const address = sink.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    stack = await startTestStack({
      configure: (config) => {
        config.smtpUrl = `smtp://127.0.0.1:${port}`;
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
    sink.server.close();
  });

  it('delivers the confirmation e-mail to the SMTP server, not the mailbox', async () => {
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
    expect((await fetch(`${stack.url}/mail/api/messages`)).status).toBe(404);
  });
});
