import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { addDeparture, addMembers, memberId } from './booking-fixtures.ts';
import { insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 23, decision 0081: private.send_payment_reminders(day) e-mails a reminder before an instalment falls
// due, on the day and weekly while it is overdue (up to the limit), each once per instalment and kind, for
// what is still outstanding on it. Each case arranges its own booking with due dates in its own year, so the
// days it moves the clock to reach nobody else's instalments. Who reads the rows is in the authorization
// matrix (admin-matrix/reminders.ts).

interface Arranged {
  booking: string;
  installments: string[];
  email: string;
}

let next = 0;

/** A booking of a new member with instalments due on the given days, committed; payments in cents. */
async function arrange(
  db: Database,
  event: string,
  dues: { on: string; cents: number }[],
  { status = 'confirmed', paidCents = 0 }: { status?: string; paidCents?: number } = {},
): Promise<Arranged> {
  next += 1;
  const n = 500 + next;
  await addMembers(db, [n]);
  const total = dues.reduce((sum, due) => sum + due.cents, 0);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into public.bookings (event_id, user_id, invoice_number, total_cents, deposit_cents, status,
         bank_reference)
       values ($1, $2, 'REM-' || lpad($3::text, 4, '0'), $4, 0, $5::public.booking_status,
         'HH' || translate(lpad($3::text, 8, '0'), '01', 'AB'))
       returning id`,
      [event, memberId(n), n, total, status],
    );
    const booking = rows[0]!.id;
    const installments: string[] = [];
    for (const [i, due] of dues.entries()) {
      const { rows: made } = await tx.query<{ id: string }>(
        `insert into public.booking_installments (booking_id, due_date, amount_cents, created_at)
         values ($1, $2::date, $3, now() + make_interval(secs => $4)) returning id`,
        [booking, due.on, due.cents, i],
      );
      installments.push(made[0]!.id);
    }
    if (paidCents > 0)
      await tx.query(
        `insert into public.payments (booking_id, amount_cents, received_on) values ($1, $2, '2030-01-01')`,
        [booking, paidCents],
      );
    return { booking, installments, email: `booker${n}@fixture.test` };
  });
}

const send = async (db: Queryable, day: string) =>
  (await db.query<{ n: number }>(`select private.send_payment_reminders($1::date) as n`, [day])).rows[0]!.n;

/** The booking's reminders as 'kind sequence due-date amount sent-on', oldest first. */
async function remindersOf(db: Queryable, booking: string): Promise<string[]> {
  const { rows } = await db.query<{ line: string }>(
    `select kind || ' ' || sequence || ' ' || due_date || ' ' || amount_cents || ' ' || sent_on as line
     from public.payment_reminders where booking_id = $1 order by id`,
    [booking],
  );
  return rows.map((row) => row.line);
}

describe.each(DATABASE_KINDS)('payment reminders on $name', (kind) => {
  let testDb: TestDatabase;
  let event: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    event = await addDeparture(testDb.db, 'reminders-trip', { startsIn: 400 });
    await testDb.db.query(`update public.events set title = 'Port Arthur <Night>' where id = $1`, [event]);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('sends each kind once, on its day: 7 days before, on the day, then weekly up to 3 overdue', async () => {
    const db = testDb.db;
    const { booking } = await arrange(db, event, [{ on: '2031-03-20', cents: 125050 }]);
    const days: [string, number][] = [
      ['2031-03-12', 0], // 8 days before: not yet
      ['2031-03-13', 1], // 7 days before
      ['2031-03-13', 0], // the same day again
      ['2031-03-16', 0], // still before: already reminded
      ['2031-03-20', 1], // the due date
      ['2031-03-21', 0],
      ['2031-03-26', 0], // 6 days late: not yet overdue's first
      ['2031-03-27', 1], // 7 days late
      ['2031-04-03', 1], // 14
      ['2031-04-10', 1], // 21: the third and last
      ['2031-04-17', 0], // 28: past the limit
      ['2031-05-20', 0],
    ];
    const sent = [];
    for (const [day] of days) sent.push(await send(db, day));
    expect(sent).toEqual(days.map(([, n]) => n));
    expect(await remindersOf(db, booking)).toEqual([
      'before 0 2031-03-20 125050 2031-03-13',
      'due 0 2031-03-20 125050 2031-03-20',
      'overdue 1 2031-03-20 125050 2031-03-27',
      'overdue 2 2031-03-20 125050 2031-04-03',
      'overdue 3 2031-03-20 125050 2031-04-10',
    ]);
  });

  it('e-mails the amount, the due date, the trip, the bank details, the reference and the plan’s link', async () => {
    const db = testDb.db;
    const { booking, email } = await arrange(db, event, [{ on: '2032-03-20', cents: 125050 }]);
    expect(await send(db, '2032-03-13')).toBe(1);
    const { rows } = await db.query<{
      recipient: string;
      reply_to: string;
      subject: string;
      body: string;
      html_body: string;
      mailed: boolean;
    }>(
      `select m.recipient, m.reply_to, m.subject, m.body, m.html_body, m.id = r.mail_id as mailed
       from public.payment_reminders r join private.outbound_mail m on m.id = r.mail_id
       where r.booking_id = $1`,
      [booking],
    );
    expect(rows).toHaveLength(1);
    const mail = rows[0]!;
    expect(mail.recipient).toBe(email);
    expect(mail.reply_to).toBe('hello@hauntedhorizons.com.au');
    expect(mail.subject).toMatch(
      /^Payment due in 7 days: Port Arthur <Night>, departing \d+ \w+ \d{4} \(REM-\d{4}\)$/,
    );
    expect(mail.body).toContain('$1,250.50 for Port Arthur <Night>');
    expect(mail.body).toContain('is due on 20 March 2032, in 7 days.');
    expect(mail.body).toMatch(/BSB: \d{3}-\d{3}\nAccount number: \d+\nReference: HH[A-Z0-9]{8}/);
    expect(mail.body).toContain(`http://localhost:4321/manage-payment-plan?booking=${booking}`);
    expect(mail.html_body).toContain('Port Arthur &lt;Night&gt;');
    expect(mail.html_body).not.toContain('<Night>');
    expect(await send(db, '2032-03-20')).toBe(1);
    const due = await db.query<{ subject: string }>(
      `select m.subject from public.payment_reminders r join private.outbound_mail m on m.id = r.mail_id
       where r.booking_id = $1 and r.kind = 'due'`,
      [booking],
    );
    expect(due.rows[0]!.subject).toMatch(/^Payment due today: /);
  });

  it('reminds of what is still owed: payments cover instalments in due-date order, a paid one gets nothing', async () => {
    const db = testDb.db;
    // $500 received: the first instalment ($300) is paid, $200 of the second ($400) too.
    const { booking } = await arrange(
      db,
      event,
      [
        { on: '2033-03-10', cents: 30000 },
        { on: '2033-03-20', cents: 40000 },
      ],
      { paidCents: 50000 },
    );
    expect(await send(db, '2033-03-10')).toBe(0);
    expect(await send(db, '2033-03-13')).toBe(1);
    expect(await remindersOf(db, booking)).toEqual(['before 0 2033-03-20 20000 2033-03-13']);
    // The rest arrives before the due date: nothing more.
    await db.query(
      `insert into public.payments (booking_id, amount_cents, received_on) values ($1, 20000, '2033-03-15')`,
      [booking],
    );
    for (const day of ['2033-03-20', '2033-03-27', '2033-04-03']) expect(await send(db, day)).toBe(0);
    expect(await remindersOf(db, booking)).toHaveLength(1);
  });

  it('counts what was received net of refunds: a refunded part is owed again', async () => {
    const db = testDb.db;
    // $300 and $400 due; $700 received, then $150 of it refunded: the second instalment owes $150.
    const { booking } = await arrange(
      db,
      event,
      [
        { on: '2034-05-10', cents: 30000 },
        { on: '2034-05-20', cents: 40000 },
      ],
      { paidCents: 70000 },
    );
    expect(await send(db, '2034-05-13')).toBe(0);
    await db.query(
      `insert into public.payment_refunds (payment_id, amount_cents, stripe_refund_id)
       select id, 15000, 're_reminders' from public.payments where booking_id = $1`,
      [booking],
    );
    expect(await send(db, '2034-05-14')).toBe(1);
    expect(await remindersOf(db, booking)).toEqual(['before 0 2034-05-20 15000 2034-05-14']);
  });

  it('leaves cancelled and pending bookings and members without an e-mail address alone', async () => {
    const db = testDb.db;
    const dues = [{ on: '2034-03-20', cents: 10000 }];
    const cancelled = await arrange(db, event, dues, { status: 'cancelled' });
    const pending = await arrange(db, event, dues, { status: 'pending' });
    const nameless = await arrange(db, event, dues);
    await db.query(
      `update auth.users set email = null where id = (select user_id from public.bookings where id = $1)`,
      [nameless.booking],
    );
    const live = await arrange(db, event, dues);
    expect(await send(db, '2034-03-13')).toBe(1);
    expect(await remindersOf(db, live.booking)).toHaveLength(1);
    for (const other of [cancelled, pending, nameless])
      expect(await remindersOf(db, other.booking)).toEqual([]);
  });

  it('records nothing as sent while the company settings (the mail’s sender and links) are missing', async () => {
    const db = testDb.db;
    const { booking } = await arrange(db, event, [{ on: '2038-03-20', cents: 10000 }]);
    const ROLL_BACK = new Error('roll back');
    const seen = await db
      .transaction(async (tx) => {
        await tx.query('delete from private.company_settings');
        const sent = await send(tx, '2038-03-13');
        throw Object.assign(ROLL_BACK, { seen: { sent, lines: await remindersOf(tx, booking) } });
      })
      .catch((error: unknown) => {
        if (error !== ROLL_BACK) throw error;
        return (error as Error & { seen: unknown }).seen;
      });
    expect(seen).toEqual({ sent: 0, lines: [] });
    expect(await send(db, '2038-03-13')).toBe(1);
  });

  it('follows the settings, which refuse values out of range', async () => {
    const db = testDb.db;
    const { booking } = await arrange(db, event, [{ on: '2035-03-20', cents: 10000 }]);
    const ROLL_BACK = new Error('roll back');
    const seen = await db
      .transaction(async (tx) => {
        await tx.query(
          `update private.booking_settings set reminder_days_before = 3, overdue_reminder_every_days = 10,
             overdue_reminders = 1`,
        );
        const sent = [];
        for (const day of ['2035-03-13', '2035-03-17', '2035-03-30', '2035-04-09'])
          sent.push(await send(tx, day));
        const lines = await remindersOf(tx, booking);
        throw Object.assign(ROLL_BACK, { seen: { sent, lines } });
      })
      .catch((error: unknown) => {
        if (error !== ROLL_BACK) throw error;
        return (error as Error & { seen: unknown }).seen;
      });
    expect(seen).toEqual({
      sent: [0, 1, 1, 0],
      lines: ['before 0 2035-03-20 10000 2035-03-17', 'overdue 1 2035-03-20 10000 2035-03-30'],
    });
    for (const bad of [
      'reminder_days_before = 0',
      'reminder_days_before = 61',
      'overdue_reminder_every_days = 0',
      'overdue_reminders = -1',
      'overdue_reminders = 13',
    ])
      await expect(db.query(`update private.booking_settings set ${bad}`)).rejects.toMatchObject({
        code: '23514',
      });
  });

  it('sends each reminder once when runs overlap (two connections at once on PostgreSQL)', async () => {
    const db = testDb.db;
    const bookings = await Promise.all(
      [1, 2, 3].map(() => arrange(db, event, [{ on: '2036-03-20', cents: 10000 }])),
    );
    // One run holds its inserted reminders uncommitted while the other starts: the second waits on the
    // unique key, then finds them sent. PGlite runs one transaction at a time, so there they simply queue.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstRan!: () => void;
    const ran = new Promise<void>((resolve) => (firstRan = resolve));
    const first = db.transaction(async (tx) => {
      const n = await send(tx, '2036-03-13');
      firstRan();
      await gate;
      return n;
    });
    await ran;
    const second = db.transaction((tx) => send(tx, '2036-03-13'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect(await Promise.all([first, second])).toEqual([3, 0]);
    // And five at once, each in its own transaction, on the due date.
    const many = await Promise.all(Array.from({ length: 5 }, () => send(db, '2036-03-20')));
    expect(many.reduce((sum, n) => sum + n, 0)).toBe(3);
    const mails = await db.query<{ n: number }>(
      `select count(*)::int as n from private.outbound_mail m
       join public.payment_reminders r on r.mail_id = m.id where r.booking_id = any ($1::uuid[])`,
      [bookings.map((b) => b.booking)],
    );
    expect(mails.rows[0]!.n).toBe(6);
    for (const { booking } of bookings)
      expect(await remindersOf(db, booking)).toEqual([
        'before 0 2036-03-20 10000 2036-03-13',
        'due 0 2036-03-20 10000 2036-03-20',
      ]);
  });

  it('shows the reminders in the booking’s history for admins and in the member’s download', async () => {
    const db = testDb.db;
    const { booking } = await arrange(db, event, [{ on: '2037-03-20', cents: 10000 }]);
    await send(db, '2037-03-13');
    await send(db, '2037-03-27');
    const history = await runAs(
      db,
      'admin',
      async (tx) =>
        (
          await tx.query<{ actor_name: string; entity_noun: string; entity_label: string; action: string }>(
            `select actor_name, entity_noun, entity_label, action from public.admin_booking_history($1)
           where entity = 'payment_reminders'`,
            [booking],
          )
        ).rows,
    );
    expect(history).toEqual([
      {
        actor_name: 'Automatic reminder',
        entity_noun: 'payment reminder',
        entity_label: '1, overdue since 20 March 2037: $100.00',
        action: 'send',
      },
      {
        actor_name: 'Automatic reminder',
        entity_noun: 'payment reminder',
        entity_label: 'ahead of 20 March 2037: $100.00',
        action: 'send',
      },
    ]);
    const { rows } = await db.query<{ reminders: unknown }>(
      `select b -> 'payment_reminders' as reminders
       from jsonb_array_elements(private.export_bookings((select user_id from public.bookings where id = $1))) b`,
      [booking],
    );
    expect(rows[0]!.reminders).toEqual([
      expect.objectContaining({ kind: 'before', sequence: 0, due_date: '2037-03-20', amount_cents: 10000 }),
      expect.objectContaining({ kind: 'overdue', sequence: 1, due_date: '2037-03-20', amount_cents: 10000 }),
    ]);
  });
});
