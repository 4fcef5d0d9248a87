// `npm run bench:jobs:sender`: the outbox's hosted sender draining 5,000 queued e-mails (issue 23, decision
// 0083). A stack with its own delivery off and the Vault secrets set, as a hosted project is: one statement
// queues the messages, its trigger calls send-mail through pg_net, and send-mail (under Deno) sends them
// through an SMTP sink, 50 s a call; the scheduler's every-minute sweep (the clock moved a minute each time)
// calls it again until nothing is left. Reports the time and messages per second, and fails unless every
// message reached the sink exactly once.
//
// Options: --database=postgres|pglite (default postgres: TEST_POSTGRES_URL's server), --messages=<n>
//   (5000), --short (CI's smoke run, decision 0066: 50 messages).
import '../env/load.mjs';
import type { AddressInfo } from 'node:net';
import { startSmtpSink } from '../../supabase/local/test/mail/smtp-sink-server.ts';
import { startTestStack } from '../../supabase/local/test/start-test-stack.ts';
import { databaseOption, log, whole } from './bench-site.ts';

const messages = whole('messages', process.argv.includes('--short') ? 50 : 5_000);
const database = databaseOption();
/** Sweeps before giving up: each call drains for up to 50 s. */
const MAX_SWEEPS = 30;

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
let failures: string[] = [];
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
  const missing = messages - [...received.keys()].filter((to) => /^bench-\d+@example\.com$/.test(to)).length;
  if (twice > 0) failures.push(`${twice} recipients got more than one e-mail`);
  if (missing !== 0) failures.push(`${missing} recipients got no e-mail`);
  if (sink.messages.length !== messages)
    failures.push(`${sink.messages.length} e-mails sent for ${messages}`);

  console.log(`bench:jobs:sender (${database}): ${messages} e-mails queued in one statement`);
  console.log(
    `Drained by send-mail under Deno in ${seconds.toFixed(1)} s over ${calls} call(s): ` +
      `${(messages / seconds).toFixed(0)} e-mails/s; each recipient got exactly one: ${failures.length === 0 ? 'yes' : 'NO'}`,
  );
} catch (error) {
  failures = [error instanceof Error ? error.message : String(error)];
} finally {
  await stack.close();
  sink.server.close();
}
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(1);
}
