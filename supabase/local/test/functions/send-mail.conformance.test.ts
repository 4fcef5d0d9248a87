import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../mail/smtp-sink.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';

// The outbox's sender for hosted Supabase (decision 0080), run under Deno by the stack against an SMTP sink,
// with the stack's own delivery switched off: every due message goes out once with its parts and headers,
// a second call sends nothing, a transport that fails keeps its error for the retry, and only a caller
// with a JWT may start it.

async function listen(server: ReturnType<typeof createServer>): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

async function queue(
  stack: TestStack,
  recipient: string,
  subject: string,
  listUnsubscribe: string | null = null,
) {
  await stack.db.query(
    `insert into private.outbound_mail (recipient, subject, body, html_body, list_unsubscribe)
     values ($1, $2, 'Plain words.', '<p>Plain words.</p>', $3)`,
    [recipient, subject, listUnsubscribe],
  );
}

describe('the send-mail function', () => {
  const sink = startSmtpSink();
  const refusing = createServer((socket) => socket.destroy());
  let stacks: { working: TestStack; broken: TestStack };

  const send = (stack: TestStack, key: string | null = stack.serviceRoleKey) =>
    fetch(`${stack.url}/functions/v1/send-mail`, {
      method: 'POST',
      headers: key ? { authorization: `Bearer ${key}` } : {},
    });

  beforeAll(async () => {
    const [sinkPort, refusingPort] = [await listen(sink.server), await listen(refusing)];
    const stackSending = (port: number) =>
      startTestStack({
        configure: (config) => {
          config.deliverOutbox = false;
          config.functionSecrets = {
            SMTP_URL: `smtp://127.0.0.1:${port}`,
            MAIL_FROM: 'Trips <trips@example.com>',
          };
        },
      });
    stacks = { working: await stackSending(sinkPort), broken: await stackSending(refusingPort) };
  }, 120_000);
  afterAll(async () => {
    await stacks?.working.close();
    await stacks?.broken.close();
    sink.server.close();
    refusing.close();
  });

  it('sends each due message once, with its text and HTML parts and its one-click header', async () => {
    const stack = stacks.working;
    await queue(
      stack,
      'ada@example.org',
      'Lantern night',
      `${stack.url}/functions/v1/unsubscribe-one-click?token=abc`,
    );
    await queue(stack, 'bo@example.org', 'Your booking');
    const answer = await send(stack);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ sent: 2, failed: 0 });
    expect(sink.messages).toHaveLength(2);
    const lantern = sink.messages.find((message) => message.includes('Subject: Lantern night'))!;
    expect(lantern).toMatch(/^From: Trips <trips@example\.com>$/m);
    expect(lantern).toMatch(/^To: ada@example\.org$/m);
    expect(lantern).toMatch(/multipart\/alternative/);
    expect(lantern).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const { rows } = await stack.db.query<{ unsent: number }>(
      `select count(*)::int as unsent from private.outbound_mail where sent_at is null`,
    );
    expect(rows[0]!.unsent).toBe(0);
    expect(await (await send(stack)).json()).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(2);
  }, 120_000);

  it('keeps the error of a transport that fails and leaves the message for a later attempt', async () => {
    const stack = stacks.broken;
    await queue(stack, 'cy@example.org', 'Reminder');
    expect(await (await send(stack)).json()).toEqual({ sent: 0, failed: 1 });
    const { rows } = await stack.db.query<{
      attempts: number;
      sent_at: Date | null;
      last_error: string;
      later: boolean;
    }>(
      `select attempts, sent_at, last_error, next_attempt_at > now() as later from private.outbound_mail
       where recipient = 'cy@example.org'`,
    );
    expect(rows).toEqual([{ attempts: 1, sent_at: null, last_error: expect.any(String), later: true }]);
    expect(rows[0]!.last_error.length).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a caller without a JWT, and nobody but the service role may claim mail through the API', async () => {
    const stack = stacks.working;
    expect((await send(stack, null)).status).toBe(401);
    const claim = await fetch(`${stack.url}/rest/v1/rpc/claim_outbound_mail`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${stack.anonKey}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(claim.status).toBe(401);
  });
});
