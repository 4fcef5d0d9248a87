import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, memberId, refusal } from './booking-fixtures.ts';
import { claimsOf, insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 22, decision 0088: AutoPay. A member consents to the terms for their booking (turn_on_autopay), the
// webhook saves the card, and the daily job (private.run_autopay(day)) e-mails a notice before each
// instalment and makes one off-session attempt per instalment on its due date; the PaymentIntent's outcome
// (webhook, or the stripe-autopay function's report) is one payment and a receipt, or a failure that leaves
// the booking as it was and e-mails the member a link to pay it themselves. Each case arranges its own
// booking with due dates in its own year, so the days it moves the clock to reach nobody else's instalments.
// Who may read and call what is in the authorization matrix (admin-matrix/autopay.ts).

interface Arranged {
  booking: string;
  member: string;
  installments: string[];
}

let next = 0;

/** A confirmed booking of a new member with instalments due on the given days, committed. */
async function arrange(
  db: Database,
  event: string,
  dues: { on: string; cents: number }[],
): Promise<Arranged> {
  next += 1;
  const n = 700 + next;
  await addMembers(db, [n]);
  const total = dues.reduce((sum, due) => sum + due.cents, 0);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into public.bookings (event_id, user_id, invoice_number, total_cents, deposit_cents, status,
         bank_reference)
       values ($1, $2, 'AUTO-' || lpad($3::text, 4, '0'), $4, 0, 'confirmed',
         'HH' || translate(lpad($3::text, 8, '0'), '01', 'AB'))
       returning id`,
      [event, memberId(n), n, total],
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
    return { booking, member: memberId(n), installments };
  });
}

const asMember = (member: string) => ({ role: 'authenticated', aud: 'authenticated', sub: member });

/** The member turns AutoPay on for their booking, consenting to the given terms version. */
function turnOn(db: Database, member: string, booking: string, version = 1) {
  return withClaims(db, asMember(member), async (tx) => {
    const { rows } = await tx.query<{
      state: string;
      user_id: string;
      terms_version: number;
      fresh: boolean;
    }>(
      `select state, user_id, terms_version, consented_at > now() - interval '1 minute' as fresh
       from public.turn_on_autopay($1, $2::smallint)`,
      [booking, version],
    );
    return rows[0]!;
  });
}

let events = 0;
/** A verified Stripe event, as the stripe-webhook function passes it (service role); answers its result. */
function deliver(db: Database, type: string, object: Record<string, unknown>, id?: string) {
  return withClaims(db, { role: 'service_role' }, async (tx) => {
    const { rows } = await tx.query<{ result: string }>(
      `select result from public.apply_stripe_event($1, $2, $3::jsonb)`,
      [id ?? `evt_autopay${(events += 1)}`, type, JSON.stringify(object)],
    );
    return rows[0]!.result;
  });
}

/** The deposit's PaymentIntent, paid with the card saved for later (setup_future_usage off_session). */
const savedCard = (booking: string, customer: string, card: string) => ({
  id: `pi_deposit${(events += 1)}`,
  object: 'payment_intent',
  status: 'succeeded',
  amount_received: 10000,
  currency: 'aud',
  customer,
  payment_method: card,
  setup_future_usage: 'off_session',
  metadata: { booking_id: booking, purpose: 'deposit' },
});

/** An off-session PaymentIntent of an attempt, as Stripe reports it. */
const charge = (
  attempt: { id: string; booking_id: string; amount_cents: number },
  intent: string,
  status: string,
  error?: { code: string; message: string },
) => ({
  id: intent,
  object: 'payment_intent',
  status,
  amount: attempt.amount_cents,
  amount_received: status === 'succeeded' ? attempt.amount_cents : 0,
  currency: 'aud',
  off_session: true,
  last_payment_error: error ? { type: 'card_error', ...error } : null,
  metadata: { booking_id: attempt.booking_id, autopay_attempt_id: attempt.id },
});

async function enrol(db: Database, who: Arranged, customer: string, card: string) {
  await turnOn(db, who.member, who.booking);
  expect(await deliver(db, 'payment_intent.succeeded', savedCard(who.booking, customer, card))).toBe(
    'card_saved',
  );
}

const run = async (db: Queryable, day: string) =>
  (
    await db.query<{ r: { notices: number; attempts: number } }>(
      `select private.run_autopay($1::date) as r`,
      [day],
    )
  ).rows[0]!.r;

interface AttemptRow {
  id: string;
  booking_id: string;
  amount_cents: number;
  due_date: string;
  state: string;
  failure_code: string | null;
  mail_id: string | null;
}

async function attemptsOf(db: Queryable, booking: string): Promise<AttemptRow[]> {
  const { rows } = await db.query<AttemptRow>(
    `select id, booking_id, amount_cents, due_date::text, state, failure_code, mail_id::text
     from public.autopay_attempts where booking_id = $1 order by created_at, id`,
    [booking],
  );
  return rows;
}

async function mail(db: Queryable, id: string | null) {
  const { rows } = await db.query<{ recipient: string; subject: string; body: string; html_body: string }>(
    `select recipient, subject, body, html_body from private.outbound_mail where id = $1`,
    [id],
  );
  return rows[0];
}

/** What a booking is on the ledger: status, payments, instalments paid, each as text. */
async function ledgerOf(db: Queryable, booking: string) {
  const { rows } = await db.query<{ line: string }>(
    `select b.status || ' ' || b.updated_at || ' paid ' || private.booking_paid_cents(b.id)
            || ' payments ' || (select count(*) from public.payments p where p.booking_id = b.id)
            || ' instalments ' || coalesce((select string_agg(i.due_date || '=' || (i.paid_at is not null), ',' order by i.due_date)
                                   from public.booking_installments i where i.booking_id = b.id), '') as line
     from public.bookings b where b.id = $1`,
    [booking],
  );
  return rows[0]!.line;
}

describe.each(DATABASE_KINDS)('AutoPay on $name', (kind) => {
  let testDb: TestDatabase;
  let event: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    event = await addDeparture(testDb.db, 'autopay-trip', { startsIn: 400 });
    await testDb.db.query(`update public.events set title = 'Quarantine Station <Night>' where id = $1`, [
      event,
    ]);
    await testDb.db.query(`update private.card_payment_settings set enabled = true`);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('stores the consent to the current terms, and the card the deposit saved, for the booking’s member only', async () => {
    const db = testDb.db;
    const mine = await arrange(db, event, [{ on: '2031-05-10', cents: 30000 }]);
    const other = await arrange(db, event, [{ on: '2031-05-10', cents: 30000 }]);
    expect(await refusal(turnOn(db, other.member, mine.booking))).toMatchObject({ code: 'P0002' });
    expect(await refusal(turnOn(db, mine.member, mine.booking, 2))).toEqual({
      code: '22023',
      message: 'The AutoPay terms have changed. Please reload the page and read them again.',
    });
    await db.query(`update private.card_payment_settings set enabled = false`);
    expect(await refusal(turnOn(db, mine.member, mine.booking))).toMatchObject({ code: '55000' });
    await db.query(`update private.card_payment_settings set enabled = true`);

    expect(await turnOn(db, mine.member, mine.booking)).toEqual({
      state: 'awaiting_card',
      user_id: mine.member,
      terms_version: 1,
      fresh: true,
    });
    // A card saved with another booking's payment, or without setup_future_usage, is not this one's.
    const unsaved = { ...savedCard(mine.booking, 'cus_A1', 'pm_A1'), setup_future_usage: null };
    expect(await deliver(db, 'payment_intent.succeeded', unsaved)).toBe('ignored');
    expect(await deliver(db, 'payment_intent.succeeded', savedCard(other.booking, 'cus_B1', 'pm_B1'))).toBe(
      'ignored',
    );
    const saved = savedCard(mine.booking, 'cus_A1', 'pm_A1');
    expect(await deliver(db, 'payment_intent.succeeded', saved, 'evt_autopay_saved')).toBe('card_saved');
    expect(await deliver(db, 'payment_intent.succeeded', saved, 'evt_autopay_saved')).toBe('card_saved');
    // Another Stripe customer cannot put its card on this enrolment.
    expect(await deliver(db, 'payment_intent.succeeded', savedCard(mine.booking, 'cus_X9', 'pm_X9'))).toBe(
      'ignored',
    );
    const { rows } = await db.query(
      `select state, stripe_customer, stripe_payment_method from public.autopay_enrolments where booking_id = $1`,
      [mine.booking],
    );
    expect(rows).toEqual([{ state: 'active', stripe_customer: 'cus_A1', stripe_payment_method: 'pm_A1' }]);
    // The member reads it; another member does not.
    const seen = async (member: string) =>
      withClaims(db, asMember(member), async (tx) => {
        const r = await tx.query(`select booking_id from public.autopay_enrolments where booking_id = $1`, [
          mine.booking,
        ]);
        return r.rows.length;
      });
    expect([await seen(mine.member), await seen(other.member)]).toEqual([1, 0]);
  });

  it('e-mails a notice days before, instead of the payment reminder, then charges once on the due date with a receipt', async () => {
    const db = testDb.db;
    const who = await arrange(db, event, [
      { on: '2032-05-10', cents: 30000 },
      { on: '2032-06-10', cents: 40000 },
    ]);
    await enrol(db, who, 'cus_C1', 'pm_C1');
    expect(await run(db, '2032-05-06')).toEqual({ notices: 0, attempts: 0 });
    expect(await run(db, '2032-05-07')).toEqual({ notices: 1, attempts: 0 });
    expect(await run(db, '2032-05-07')).toEqual({ notices: 0, attempts: 0 });
    const { rows: notices } = await db.query<{ mail_id: string; due_date: string; amount_cents: number }>(
      `select mail_id::text, due_date::text, amount_cents from public.autopay_notices where booking_id = $1`,
      [who.booking],
    );
    expect(notices).toMatchObject([{ due_date: '2032-05-10', amount_cents: 30000 }]);
    const notice = await mail(db, notices[0]!.mail_id);
    expect(notice?.subject).toBe('AutoPay: $300.00 will be charged on 10 May 2032 (Haunted Horizons)');
    expect(notice?.body).toContain(`/manage-payment-plan?booking=${who.booking}`);
    expect(notice?.html_body).toContain('Quarantine Station &lt;Night&gt;');
    // The plain reminder before (and on) the due date does not go for an AutoPay booking.
    await db.query(`select private.send_payment_reminders('2032-05-07'::date)`);
    await db.query(`select private.send_payment_reminders('2032-05-10'::date)`);
    const reminders = await db.query(`select kind from public.payment_reminders where booking_id = $1`, [
      who.booking,
    ]);
    expect(reminders.rows).toEqual([]);

    expect(await run(db, '2032-05-10')).toEqual({ notices: 0, attempts: 1 });
    expect(await run(db, '2032-05-10')).toEqual({ notices: 0, attempts: 0 });
    const [attempt] = await attemptsOf(db, who.booking);
    expect(attempt).toMatchObject({ amount_cents: 30000, due_date: '2032-05-10', state: 'pending' });
    const { rows: toMake } = await db.query(
      `select stripe_customer, stripe_payment_method, amount_cents, currency
       from public.autopay_charges_to_make() where attempt_id = $1`,
      [attempt!.id],
    );
    expect(toMake).toEqual([
      { stripe_customer: 'cus_C1', stripe_payment_method: 'pm_C1', amount_cents: 30000, currency: 'AUD' },
    ]);

    const paid = charge(attempt!, 'pi_autoC1', 'succeeded');
    expect(await deliver(db, 'payment_intent.succeeded', paid)).toBe('recorded');
    // Redelivered under another id, reported by the function too, and a failure arriving late: nothing new.
    expect(await deliver(db, 'payment_intent.succeeded', paid)).toBe('already_recorded');
    // As the stripe-autopay function reports it: with the service role.
    const reported = await withClaims(db, { role: 'service_role' }, (tx) =>
      tx.query<{ r: string }>(`select public.report_autopay_charge($1, $2::jsonb) as r`, [
        attempt!.id,
        JSON.stringify(paid),
      ]),
    );
    expect(reported.rows[0]!.r).toBe('already_recorded');
    const late = charge(attempt!, 'pi_autoC1', 'requires_payment_method', {
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(await deliver(db, 'payment_intent.payment_failed', late)).toBe('already_recorded');

    expect(await ledgerOf(db, who.booking)).toMatch(
      /^confirmed .* paid 30000 payments 1 instalments 2032-05-10=true,2032-06-10=false$/,
    );
    const [settled] = await attemptsOf(db, who.booking);
    expect(settled).toMatchObject({ state: 'succeeded', failure_code: null });
    const receipt = await mail(db, settled!.mail_id);
    expect(receipt?.subject).toBe('Receipt: $300.00 charged to your card (Haunted Horizons)');
    const receipts = await db.query<{ n: number }>(
      `select count(*)::int as n from private.outbound_mail where subject like 'Receipt:%' and recipient = $1`,
      [receipt!.recipient],
    );
    expect(receipts.rows[0]!.n).toBe(1);
    expect(await run(db, '2032-05-11')).toEqual({ notices: 0, attempts: 0 });
  });

  it('a declined off-session charge leaves the booking as it was and queues the e-mail', async () => {
    const db = testDb.db;
    const who = await arrange(db, event, [{ on: '2033-05-10', cents: 50000 }]);
    await enrol(db, who, 'cus_D1', 'pm_D1');
    expect(await run(db, '2033-05-10')).toEqual({ notices: 0, attempts: 1 });
    const before = await ledgerOf(db, who.booking);
    const [attempt] = await attemptsOf(db, who.booking);
    const declined = charge(attempt!, 'pi_autoD1', 'requires_payment_method', {
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(await deliver(db, 'payment_intent.payment_failed', declined)).toBe('payment_failed');
    expect(await deliver(db, 'payment_intent.payment_failed', declined)).toBe('already_recorded');
    expect(await ledgerOf(db, who.booking)).toBe(before);
    const [failed] = await attemptsOf(db, who.booking);
    expect(failed).toMatchObject({ state: 'failed', failure_code: 'card_declined' });
    const sent = await mail(db, failed!.mail_id);
    expect(sent?.recipient).toMatch(/^booker\d+@fixture\.test$/);
    expect(sent?.subject).toBe('Your AutoPay payment did not go through (Haunted Horizons)');
    expect(sent?.body).toContain('$500.00');
    expect(sent?.body).toContain('(Your card was declined). Nothing has changed on your booking.');
    expect(sent?.body).toContain(`Please pay it yourself, by card or bank transfer`);
    expect(sent?.body).toContain(`/manage-payment-plan?booking=${who.booking}`);
    // The admin sees it in the booking's history.
    const history = await withClaims(db, claimsOf('admin')!, async (tx) => {
      const r = await tx.query<{ actor_name: string; action: string; entity_label: string }>(
        `select actor_name, action, entity_label from public.admin_booking_history($1) where entity = 'autopay_attempts'`,
        [who.booking],
      );
      return r.rows;
    });
    expect(history).toEqual([
      {
        actor_name: 'AutoPay',
        action: 'charge_failed',
        entity_label: 'for 10 May 2033: $500.00 (Your card was declined.)',
      },
    ]);

    // The same card is not tried again; a new one is, the next day, as a new attempt (a new idempotency key).
    expect(await run(db, '2033-05-11')).toEqual({ notices: 0, attempts: 0 });
    const setup = {
      id: 'seti_D2',
      object: 'setup_intent',
      status: 'succeeded',
      customer: 'cus_D1',
      payment_method: 'pm_D2',
      usage: 'off_session',
      metadata: { booking_id: who.booking, purpose: 'autopay_card' },
    };
    expect(await deliver(db, 'setup_intent.succeeded', setup)).toBe('card_saved');
    expect(await run(db, '2033-05-12')).toEqual({ notices: 0, attempts: 1 });
    const [, retry] = await attemptsOf(db, who.booking);
    expect(retry!.id).not.toBe(attempt!.id);
    // The bank asks for authentication, which an off-session charge cannot give: failed too, in words.
    const authenticate = { ...charge(retry!, 'pi_autoD2', 'requires_action') };
    expect(await deliver(db, 'payment_intent.requires_action', authenticate)).toBe('payment_failed');
    const [, second] = await attemptsOf(db, who.booking);
    expect(second).toMatchObject({ state: 'failed', failure_code: 'authentication_required' });
    expect((await mail(db, second!.mail_id))?.body).toContain(
      'did not go through (your bank asked for the payment to be confirmed by you)',
    );
    expect(await ledgerOf(db, who.booking)).toBe(before);
  });

  it('charges nothing once turned off, and the plain reminders go again', async () => {
    const db = testDb.db;
    const who = await arrange(db, event, [
      { on: '2034-05-10', cents: 20000 },
      { on: '2034-06-10', cents: 20000 },
    ]);
    await enrol(db, who, 'cus_E1', 'pm_E1');
    expect(await run(db, '2034-05-10')).toEqual({ notices: 0, attempts: 1 });
    const off = await withClaims(db, asMember(who.member), async (tx) => {
      const r = await tx.query<{ state: string }>(`select state from public.turn_off_autopay($1)`, [
        who.booking,
      ]);
      return r.rows[0]!.state;
    });
    expect(off).toBe('off');
    // The attempt made before it was turned off is not sent to Stripe: it fails, and the member is told.
    const { rows: toMake } = await db.query(
      `select attempt_id from public.autopay_charges_to_make() where booking_id = $1`,
      [who.booking],
    );
    expect(toMake).toEqual([]);
    const [attempt] = await attemptsOf(db, who.booking);
    expect(attempt).toMatchObject({ state: 'failed', failure_code: 'autopay_off' });
    expect(await run(db, '2034-06-07')).toEqual({ notices: 0, attempts: 0 });
    expect(await run(db, '2034-06-10')).toEqual({ notices: 0, attempts: 0 });
    await db.query(`select private.send_payment_reminders('2034-06-07'::date)`);
    const reminders = await db.query(`select kind from public.payment_reminders where booking_id = $1`, [
      who.booking,
    ]);
    expect(reminders.rows).toEqual([{ kind: 'before' }]);
  });

  it('makes one attempt when two runs overlap (two connections at once on PostgreSQL)', async () => {
    const db = testDb.db;
    const who = await arrange(db, event, [{ on: '2035-05-10', cents: 25000 }]);
    await enrol(db, who, 'cus_F1', 'pm_F1');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstRan!: () => void;
    const ran = new Promise<void>((resolve) => (firstRan = resolve));
    const first = db.transaction(async (tx) => {
      const r = await run(tx, '2035-05-10');
      firstRan();
      await gate;
      return r.attempts;
    });
    await ran;
    const second = db.transaction(async (tx) => (await run(tx, '2035-05-10')).attempts);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect(await Promise.all([first, second])).toEqual([1, 0]);
    expect(await attemptsOf(db, who.booking)).toHaveLength(1);
  });

  it('keeps the notice days within 1 to 14', async () => {
    for (const bad of [0, 15])
      await expect(
        testDb.db.query(`update private.autopay_settings set notice_days = $1`, [bad]),
      ).rejects.toMatchObject({ code: '23514' });
  });
});
