// The outbox's hosted sender draining queued e-mails (issue 23, decision 0083): a stack of its own with the
// stack's delivery off and the Vault secrets set, as a hosted project is. One statement queues the messages,
// its trigger calls send-mail through pg_net, and send-mail (under Deno) sends them through an SMTP sink, 50 s
// a call; the scheduler's every-minute sweep (the clock moved a minute each time) calls it again until
// nothing is left. Figures: the time and e-mails per second; a problem unless each reached the sink once.
import type { AddressInfo } from 'node:net';
import { startSmtpSink } from '../../../supabase/local/test/mail/smtp-sink-server.ts';
import { startTestStack } from '../../../supabase/local/test/start-test-stack.ts';
import { whole } from '../bench-site.ts';
import type { JobsBenchPart } from './part.ts';

/** Sweeps before giving up: each call drains for up to 50 s. */
const MAX_SWEEPS = 30;

export const SENDER_PART: JobsBenchPart = {
  name: 'sender',
  async run({ database, short, log }) {
    const messages = whole('messages', short ? 50 : 5_000);
    const sink = startSmtpSink();
    const sinkPort = await new Promise<number>((resolve) =>
      sink.server.listen(0, '127.0.0.1', () => resolve((sink.server.address() as AddressInfo).port)),
    );
    const stack = await startTestStack({
      database,
      configure: (config) => {
        config.deliverOutbox = false;
        config.functionSecrets = {
          SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
          MAIL_FROM: 'Bench <bench@example.com>',
        };
      },
    });
    try {
      await stack.db.query(
        `select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`,
        [stack.url, stack.serviceRoleKey],
      );
      // Deno boots send-mail on its first request: warm it, so the figure is the sending, not the boot.
      await fetch(`${stack.url}/functions/v1/send-mail`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.serviceRoleKey}` },
      });
      sink.messages.length = 0;

      log(`Queueing ${messages} e-mails on ${database} in one statement…`);
      const started = performance.now();
      await stack.db.query(
        `insert into private.outbound_mail (recipient, subject, body)
         select 'bench-' || n || '@example.com', 'Bench message ' || n, 'Plain words for ' || n
         from generate_series(1, $1::int) n`,
        [messages],
      );
      let calls = await stack.sendHttpRequests();
      let minute = Date.parse('2031-01-01T00:00:30Z');
      for (let sweep = 0; ; sweep += 1) {
        const { rows } = await stack.db.query<{ n: number }>(
          'select count(*)::int as n from private.outbound_mail where sent_at is null',
        );
        if (rows[0]!.n === 0) break;
        if (sweep >= MAX_SWEEPS) throw new Error(`${rows[0]!.n} e-mails still unsent after ${sweep} sweeps`);
        minute += 60_000;
        await stack.runJobs(new Date(minute));
        calls += await stack.sendHttpRequests();
      }
      const seconds = (performance.now() - started) / 1000;

      const received = new Map<string, number>();
      for (const message of sink.messages) {
        const to = /^To: (.+)$/m.exec(message)?.[1]?.trim() ?? '';
        received.set(to, (received.get(to) ?? 0) + 1);
      }
      const twice = [...received.values()].filter((count) => count > 1).length;
      const reached = [...received.keys()].filter((to) => /^bench-\d+@example\.com$/.test(to)).length;
      const problems: string[] = [];
      if (twice > 0) problems.push(`${twice} recipients got more than one e-mail`);
      if (reached !== messages) problems.push(`${messages - reached} recipients got no e-mail`);
      if (sink.messages.length !== messages)
        problems.push(`${sink.messages.length} e-mails sent for ${messages}`);
      return {
        part: 'the outbox drained by send-mail under Deno',
        figures: {
          'e-mails queued': messages,
          'drained in s': seconds.toFixed(1),
          'send-mail calls': calls,
          'e-mails/s': (messages / seconds).toFixed(0),
          'recipients with exactly one': reached - twice,
        },
        problems,
      };
    } finally {
      await stack.close();
      sink.server.close();
    }
  },
};
