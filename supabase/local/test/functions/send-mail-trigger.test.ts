import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../mail/smtp-sink.ts';
import { visitorClient } from '../stack-accounts.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';

// The outbox's sender started as on hosted Supabase (decision 0083): the insert trigger and the scheduler's
// sweep call send-mail through pg_net with the URL and key from Vault; the function runs under Deno against
// an SMTP sink, with the stack's own delivery off. Without the Vault secrets nothing is called (the local
// default); with them every message goes out exactly once, however many calls and sweeps run.

describe('the send-mail trigger and sweep', () => {
  const sink = startSmtpSink();
  let stack: TestStack;

  const queue = (recipients: string[]) =>
    stack.db.query(
      `insert into private.outbound_mail (recipient, subject, body)
       select r, 'Trip news for ' || r, 'Plain words.' from unnest($1::text[]) r`,
      [recipients],
    );
  const delivered = (address: string) =>
    sink.messages.filter((message) => message.includes(`To: ${address}`)).length;
  const requestsQueued = async () =>
    (await stack.db.query<{ n: number }>('select count(*)::int as n from net.http_request_queue')).rows[0]!.n;

  beforeAll(async () => {
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    const port = (sink.server.address() as AddressInfo).port;
    stack = await startTestStack({
      configure: (config) => {
        config.deliverOutbox = false;
        config.functionSecrets = {
          SMTP_URL: `smtp://127.0.0.1:${port}`,
          MAIL_FROM: 'Trips <trips@example.com>',
        };
      },
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    sink.server.close();
  });

  it('calls nothing while Vault has no project URL and key, so the local stack alone delivers', async () => {
    await queue(['quiet@example.org']);
    expect(await requestsQueued()).toBe(0);
    const runs = await stack.runJobs(new Date('2031-05-01T00:00:30Z'));
    expect(runs).toContainEqual(expect.objectContaining({ jobname: 'send-mail-sweep', status: 'succeeded' }));
    await stack.sendHttpRequests();
    expect(delivered('quiet@example.org')).toBe(0);
  });

  it('wakes send-mail once per statement, and each message goes out exactly once', async () => {
    await stack.db.query(
      `select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`,
      [stack.url, stack.serviceRoleKey],
    );
    await queue(['ada@example.org', 'bo@example.org', 'cy@example.org']);
    const { rows } = await stack.db.query<{ url: string; authorization: string }>(
      `select url, headers ->> 'Authorization' as authorization from net.http_request_queue`,
    );
    expect(rows).toEqual([
      { url: `${stack.url}/functions/v1/send-mail`, authorization: `Bearer ${stack.serviceRoleKey}` },
    ]);
    await stack.sendHttpRequests();
    const answers = await stack.db.query<{ status_code: number; content: string }>(
      'select status_code, content from net._http_response order by created desc limit 1',
    );
    expect(answers.rows[0]!.status_code).toBe(200);
    // The first message was queued while nothing called the sender: this call sent it too.
    expect(JSON.parse(answers.rows[0]!.content)).toEqual({ sent: 4, failed: 0 });
    for (const address of ['quiet@example.org', 'ada@example.org', 'bo@example.org', 'cy@example.org'])
      expect(delivered(address)).toBe(1);
  }, 120_000);

  it('is woken by a visitor’s contact message, whose role may not call anything itself', async () => {
    const { error } = await visitorClient(stack)
      .from('contact_messages')
      .insert({ full_name: 'Vic Visitor', email: 'vic@example.org', message: 'Is the gaol haunted?' });
    expect(error).toBeNull();
    expect(await requestsQueued()).toBe(1);
    await stack.sendHttpRequests();
    expect(
      sink.messages.filter((message) => message.includes('Contact message from Vic Visitor')),
    ).toHaveLength(1);
  }, 120_000);

  it('sends each message once when the trigger and the sweep call the sender at the same moment', async () => {
    await queue(['dee@example.org']);
    await queue(['eve@example.org']);
    const runs = await stack.runJobs(new Date('2031-05-01T00:01:30Z'));
    expect(runs).toContainEqual(expect.objectContaining({ jobname: 'send-mail-sweep', status: 'succeeded' }));
    expect(await requestsQueued()).toBe(3);
    await stack.sendHttpRequests();
    expect(delivered('dee@example.org')).toBe(1);
    expect(delivered('eve@example.org')).toBe(1);
    const { rows } = await stack.db.query<{ unsent: number }>(
      'select count(*)::int as unsent from private.outbound_mail where sent_at is null',
    );
    expect(rows[0]!.unsent).toBe(0);
    expect(sink.messages).toHaveLength(7);
  }, 120_000);
});
