// `npm run bench:updates`: an event update sent to 5,000 members (issue 11). Seeds 5,000 members who follow
// one event and agreed to trip news, signs in as an admin and sends the update through supabase-js exactly
// as /admin/event-updates does (one RPC), then reports the time until the last e-mail was queued (the RPC's
// answer: it queues every message before it returns), the time until the stack's sender had delivered them
// all, and checks that every member got exactly one message and nobody else got one. Decision 0040.
//
// Options: --database=postgres|pglite (default postgres: TEST_POSTGRES_URL's server), --members=<n> (5000),
//   --json (the report as JSON too), --short (CI's smoke run, decision 0066: 50 members).
import './env/load.mjs';
import { signedInAccount } from '../supabase/local/test/stack-accounts.ts';
import { startTestStack } from '../supabase/local/test/start-test-stack.ts';
import { databaseOption, log, whole } from './bench/bench-site.ts';
import { insertQuietMembers } from './bench/seed-events.ts';

const members = whole('members', process.argv.includes('--short') ? 50 : 5_000);
const database = databaseOption();
const DELIVERY_TIMEOUT_MS = 600_000;

const stack = await startTestStack({ database });
let failed: boolean;
try {
  log(`Seeding ${database}: ${members} members following one event, all consenting to trip news…`);
  const { client } = await signedInAccount(stack, {
    email: 'bench-admin@example.com',
    fullName: 'Bench Admin',
    admin: true,
  });
  await insertQuietMembers(stack.db, members + 1);
  const { rows: events } = await stack.db.query<{ id: string }>(
    `insert into public.events (slug, title, status, start_date, end_date)
     values ('bench-updates', 'Bench Gaol Night', 'published', current_date + 30, current_date + 32)
     returning id`,
  );
  const eventId = events[0]!.id;
  await stack.db.query(
    `update public.profiles set marketing_consent = true where full_name like 'Bench Member %'`,
  );
  await stack.db.query(
    `insert into public.event_follows (user_id, event_id)
     select id, $1 from public.profiles where full_name like 'Bench Member %'`,
    [eventId],
  );
  stack.mailbox?.clear();

  log('Sending the update to the followers…');
  const started = performance.now();
  const { data, error } = await client
    .rpc('send_event_update', {
      event_id: eventId,
      title: 'Torches provided',
      body_doc: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Bring warm clothes. We meet at the gate at six.' }],
          },
        ],
      },
      segment: 'followers',
    })
    .single();
  if (error) throw new Error(`send_event_update: ${error.message}`);
  const queuedMs = performance.now() - started;
  const reach = data;

  // The stack's sender runs by itself (NOTIFY and polling); wait until the outbox holds nothing unsent.
  for (;;) {
    const { rows } = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from private.outbound_mail where sent_at is null',
    );
    if (rows[0]!.n === 0) break;
    if (performance.now() - started > DELIVERY_TIMEOUT_MS)
      throw new Error(`${rows[0]!.n} e-mails still unsent`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const deliveredMs = performance.now() - started;

  const received = new Map<string, number>();
  for (const message of stack.mailbox?.list() ?? [])
    received.set(message.to.toLowerCase(), (received.get(message.to.toLowerCase()) ?? 0) + 1);
  const expected = Array.from({ length: members }, (_, i) => `bench-${i + 1}@example.com`);
  const missing = expected.filter((address) => !received.has(address)).length;
  const doubled = [...received.values()].filter((count) => count > 1).length;
  const strangers = [...received.keys()].filter((address) => !expected.includes(address)).length;
  const report = {
    database,
    members,
    reach,
    queuedMs: Math.round(queuedMs),
    deliveredMs: Math.round(deliveredMs),
    messages: [...received.values()].reduce((sum, count) => sum + count, 0),
    missing,
    doubled,
    strangers,
  };
  log(
    `In-app ${reach.in_app}, e-mail ${reach.email}. Last e-mail queued after ${report.queuedMs} ms; ` +
      `all delivered after ${report.deliveredMs} ms. Mailbox: ${report.messages} messages, ${missing} ` +
      `members missing, ${doubled} with more than one, ${strangers} to anyone else.`,
  );
  if (process.argv.includes('--json')) console.log(JSON.stringify(report));
  failed = reach.email !== members || missing > 0 || doubled > 0 || strangers > 0;
  if (failed) log('FAILED: every member must get exactly one e-mail.');
} finally {
  await stack.close();
}
process.exit(failed ? 1 : 0);
