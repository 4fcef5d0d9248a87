// bench:jobs' payment reminders (issue 23, decision 0081): `--bookings` confirmed bookings (2,000; 50 short),
// each of its own member, each with a paid deposit, an instalment due in 7 days and one due later. Times one
// run of the daily job's function, as the schedule calls it, then a second run (nothing left to send), and
// checks that every member got exactly one e-mail (queued once in the outbox, then delivered once by the
// stack's sender) and nobody else got one.
import { insertQuietMembers } from '../seed-events.ts';
import { whole } from '../bench-site.ts';
import type { JobsBenchContext, JobsBenchPart, JobsBenchReport } from './part.ts';

const DELIVERY_TIMEOUT_MS = 600_000;

/** The bookings, their members and instalments, in one transaction (a schedule sums to its total at commit). */
async function seed({ stack }: JobsBenchContext, bookings: number): Promise<void> {
  await insertQuietMembers(stack.db, bookings + 1);
  await stack.db.transaction(async (tx) => {
    await tx.query(
      `insert into public.events (slug, title, status, start_date, end_date, price_cents)
       values ('bench-reminders', 'Bench Asylum Night', 'published', private.sydney_today() + 120,
         private.sydney_today() + 122, 300000)`,
    );
    // Bank references HH + the number's digits as letters (the reference's alphabet has no 0, 1, I or O).
    await tx.query(
      `insert into public.bookings (event_id, user_id, invoice_number, total_cents, deposit_cents, status, bank_reference)
       select e.id, p.id, 'BENCH-' || lpad(n::text, 6, '0'), 300000, 80000, 'confirmed',
              'HH' || translate(lpad(n::text, 8, '0'), '0123456789', 'ABCDEFGHJK')
       from public.events e,
            lateral (select id, row_number() over (order by full_name) as n
                     from public.profiles where full_name like 'Bench Member %') p
       where e.slug = 'bench-reminders'`,
    );
    await tx.query(
      `insert into public.booking_installments (booking_id, due_date, amount_cents, paid_at)
       select b.id, d.due, d.cents, d.paid
       from public.bookings b
       cross join (values (private.sydney_today() - 60, 80000, now()),
                          (private.sydney_today() + 7, 110000, null::timestamptz),
                          (private.sydney_today() + 90, 110000, null)) d(due, cents, paid)
       where b.invoice_number like 'BENCH-%'`,
    );
    await tx.query(
      `insert into public.payments (booking_id, amount_cents, received_on, reference)
       select id, 80000, private.sydney_today() - 60, 'Deposit' from public.bookings
       where invoice_number like 'BENCH-%'`,
    );
  });
}

async function timed(context: JobsBenchContext): Promise<{ sent: number; ms: number }> {
  const started = performance.now();
  const { rows } = await context.stack.db.query<{ n: number }>(
    'select private.send_payment_reminders() as n',
  );
  return { sent: rows[0]!.n, ms: Math.round(performance.now() - started) };
}

/** Waits until the stack's sender has delivered everything queued; answers how long it took. */
async function delivered({ stack }: JobsBenchContext): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from private.outbound_mail where sent_at is null',
    );
    if (rows[0]!.n === 0) return Math.round(performance.now() - started);
    if (performance.now() - started > DELIVERY_TIMEOUT_MS)
      throw new Error(`${rows[0]!.n} e-mails still unsent`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function run(context: JobsBenchContext): Promise<JobsBenchReport> {
  const bookings = whole('bookings', context.short ? 50 : 2_000);
  context.log(`Reminders: seeding ${bookings} bookings, each with an instalment due in 7 days…`);
  await seed(context, bookings);
  context.stack.mailbox?.clear();

  context.log('Reminders: one run of private.send_payment_reminders()…');
  const first = await timed(context);
  const again = await timed(context);
  const { rows } = await context.stack.db.query<{ recipient: string; n: number }>(
    `select recipient, count(*)::int as n from private.outbound_mail where subject like 'Payment due in 7 days:%'
     group by recipient`,
  );
  const queued = new Map(rows.map((row) => [row.recipient, row.n]));
  const deliveredMs = await delivered(context);
  const received = new Map<string, number>();
  for (const message of context.stack.mailbox?.list() ?? [])
    received.set(message.to.toLowerCase(), (received.get(message.to.toLowerCase()) ?? 0) + 1);

  const expected = Array.from({ length: bookings }, (_, i) => `bench-${i + 1}@example.com`);
  const once = (counts: Map<string, number>) => ({
    missing: expected.filter((address) => !counts.has(address)).length,
    doubled: [...counts.values()].filter((count) => count > 1).length,
    strangers: [...counts.keys()].filter((address) => !expected.includes(address)).length,
  });
  const inOutbox = once(queued);
  const inMailbox = once(received);
  const problems = [
    ...(first.sent !== bookings ? [`the run sent ${first.sent} reminders for ${bookings} bookings`] : []),
    ...(again.sent !== 0 ? [`a second run sent ${again.sent} more`] : []),
    ...Object.entries(inOutbox).flatMap(([what, n]) => (n > 0 ? [`outbox: ${n} ${what}`] : [])),
    ...(context.stack.mailbox
      ? Object.entries(inMailbox).flatMap(([what, n]) => (n > 0 ? [`mailbox: ${n} ${what}`] : []))
      : []),
  ];
  return {
    part: 'payment reminders',
    figures: {
      bookings,
      'reminders sent': first.sent,
      'run ms': first.ms,
      'second run sent': again.sent,
      'second run ms': again.ms,
      'delivered after ms': deliveredMs,
      'members with exactly one': expected.length - inMailbox.missing - inMailbox.doubled,
    },
    problems,
  };
}

export const REMINDERS_PART: JobsBenchPart = { name: 'reminders', run };
