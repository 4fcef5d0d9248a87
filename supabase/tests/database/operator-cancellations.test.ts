import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { BANK_REFUND_REFERENCE_MAX } from '../../../src/features/admin/bookings/bank-refunds.ts';
import { claimsOf, ID, insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 22, decision 0096: the company cancels a departure. Each booking on it not already cancelled is
// cancelled by the company (everything refunded, nothing kept), its member e-mailed once, AutoPay stopped,
// open waitlist offers withdrawn; card payments go back through Stripe (decision 0090's requests, now with
// the admin who asked), bank transfers are listed (admin_bank_refunds_due) and recorded when paid back
// (record_bank_refund) in the ledger, so what a booking has paid stays its payments less its refunds. Each
// case commits on its own departure, as the API's separate requests would. Who may call what is in
// admin-matrix/operator-cancellations.ts.

const BOOKER = memberId(1);
const SECOND = memberId(2);
const RACERS = Array.from({ length: 12 }, (_, i) => i + 11);
let counter = 0;
const next = (prefix: string) => `${prefix}${(counter += 1)}`;

const asAdmin = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) => withClaims(db, claimsOf('admin'), fn);
const asService = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) =>
  withClaims(db, { role: 'service_role' }, fn);
const asMember = <T>(db: Database, member: string, fn: (tx: Queryable) => Promise<T>) =>
  withClaims(db, { sub: member, role: 'authenticated', aud: 'authenticated' }, fn);

interface DueRow {
  booking_id: string;
  invoice_number: string;
  bank_reference: string;
  member_name: string;
  member_email: string;
  event_title: string;
  payment_id: string;
  payment_reference: string;
  amount_cents: number;
  due_cents: number;
  currency: string;
}

describe.each(DATABASE_KINDS)('a departure the company cancels on $name', (kind) => {
  let testDb: TestDatabase;
  const travellerOf = new Map<string, string[]>();

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [1, 2, ...RACERS]);
    travellerOf.set(BOOKER, [
      await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35),
    ]);
    travellerOf.set(SECOND, [await addTraveller(testDb.db, SECOND, 'Sam Second', 30)]);
    for (const n of RACERS) {
      travellerOf.set(memberId(n), [await addTraveller(testDb.db, memberId(n), `Racer ${n}`, 30)]);
    }
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const payByCard = (bookingId: string, amount: number) =>
    asService(testDb.db, (tx) => {
      const intent = next('pi_opcancel');
      return tx.query(`select public.apply_stripe_event($1, 'checkout.session.completed', $2::jsonb)`, [
        next('evt_opcancel'),
        JSON.stringify({
          id: `cs_${intent}`,
          amount_total: amount,
          currency: 'aud',
          metadata: { booking_id: bookingId, purpose: 'deposit' },
          payment_intent: intent,
          payment_status: 'paid',
        }),
      ]);
    });
  const payByBank = (bookingId: string, amount: number, reference: string) =>
    asAdmin(testDb.db, (tx) =>
      tx.query(`select public.record_payment($1, $2, private.sydney_today(), $3)`, [
        bookingId,
        amount,
        reference,
      ]),
    );
  const cancelDeparture = (eventId: string) =>
    asAdmin(testDb.db, (tx) =>
      tx.query(`update public.events set status = 'cancelled' where id = $1`, [eventId]),
    );
  const due = (bookingId: string | null) =>
    asAdmin(testDb.db, async (tx) => {
      const { rows } = await tx.query<DueRow>(`select * from public.admin_bank_refunds_due($1)`, [bookingId]);
      return rows;
    });
  const recordRefund = (paymentId: string, amount: number | null, reference: string | null) =>
    asAdmin(testDb.db, async (tx) => {
      const { rows } = await tx.query<{ amount_cents: number; reference: string; recorded_by: string }>(
        `select amount_cents, reference, recorded_by from public.record_bank_refund($1, $2, $3)`,
        [paymentId, amount, reference],
      );
      return rows[0]!;
    });
  const bankPayment = async (bookingId: string) =>
    (
      await testDb.db.query<{ id: string }>(
        `select id from public.payments where booking_id = $1 and method = 'bank_transfer' order by created_at limit 1`,
        [bookingId],
      )
    ).rows[0]!.id;

  /** A departure with: a booking paid $1,600 by card and $400 by bank; one held with nothing paid. */
  async function arrange() {
    const title = next('op-cancel-');
    const event = await addDeparture(testDb.db, title, { startsIn: 200, plan: 3, capacity: 10 });
    const paid = await bookAs(testDb.db, BOOKER, event, travellerOf.get(BOOKER)!);
    await payByCard(paid.id, 160000);
    await payByBank(paid.id, 40000, 'Transfer from Booker 1');
    const held = await bookAs(testDb.db, SECOND, event, travellerOf.get(SECOND)!);
    return { event, title, paid, held };
  }

  it('cancels every live booking with everything refunded, frees the places and keeps the ledger as it was', async () => {
    const { event, paid, held } = await arrange();
    await cancelDeparture(event);
    const { rows } = await testDb.db.query(
      `select b.id, b.status::text, b.hold_expires_at, c.kind, c.paid_cents, c.kept_cents, c.refund_cents,
              c.credit_cents, bb.paid_cents as ledger_paid
       from public.bookings b join public.booking_cancellations c on c.booking_id = b.id
       join public.booking_balances bb on bb.booking_id = b.id
       where b.event_id = $1 order by b.created_at`,
      [event],
    );
    expect(rows).toEqual([
      {
        id: paid.id,
        status: 'cancelled',
        hold_expires_at: null,
        kind: 'company',
        paid_cents: 200000,
        kept_cents: 0,
        refund_cents: 200000,
        credit_cents: 0,
        // Nothing is refunded until it is: the ledger still holds what arrived.
        ledger_paid: 200000,
      },
      {
        id: held.id,
        status: 'cancelled',
        hold_expires_at: null,
        kind: 'company',
        paid_cents: 0,
        kept_cents: 0,
        refund_cents: 0,
        credit_cents: 0,
        ledger_paid: 0,
      },
    ]);
    const places = await testDb.db.query<{ taken: number }>(`select private.places_taken($1) as taken`, [
      event,
    ]);
    expect(places.rows[0]!.taken).toBe(0);
    // The card payment goes back through Stripe, asked for by the admin who cancelled.
    const requests = await testDb.db.query(
      `select q.amount_cents, q.requested_by from public.card_refund_requests q
       join public.payments p on p.id = q.payment_id where p.booking_id = $1`,
      [paid.id],
    );
    expect(requests.rows).toEqual([{ amount_cents: 160000, requested_by: ID.admin }]);
    // The admin's change is in the booking's history.
    const history = await asAdmin(testDb.db, (tx) =>
      tx
        .query<{ entity: string; actor_id: string }>(
          `select entity, actor_id from public.admin_booking_history($1) where entity = 'booking_cancellations'`,
          [paid.id],
        )
        .then((r) => r.rows),
    );
    expect(history).toEqual([{ entity: 'booking_cancellations', actor_id: ID.admin }]);
  });

  it('e-mails each booking member once, with what comes back by card and by bank, and followers the notice', async () => {
    const { event, title, paid } = await arrange();
    // Booker 1 also follows the departure; 'other' only follows it.
    await testDb.db.query(`insert into public.event_follows (user_id, event_id) values ($1, $3), ($2, $3)`, [
      BOOKER,
      ID.other,
      event,
    ]);
    await cancelDeparture(event);
    const { rows } = await testDb.db.query<{ recipient: string; subject: string; body: string }>(
      `select recipient, subject, body from private.outbound_mail where subject like $1 order by recipient`,
      [`Cancelled: ${title}%`],
    );
    expect(rows.map((r) => [r.recipient, r.subject])).toEqual([
      ['booker1@fixture.test', `Cancelled: ${title} (your booking ${paid.invoice_number})`],
      ['booker2@fixture.test', expect.stringMatching(/^Cancelled: .* \(your booking INV-/)],
      ['other@fixture.test', `Cancelled: ${title}`],
    ]);
    const booker = rows[0]!.body;
    expect(booker).toContain('has been cancelled');
    expect(booker).toContain('everything you paid comes back to you, the deposit included');
    expect(booker).toContain('$1,600.00 paid by card goes back to the card you paid with');
    expect(booker).toContain('$400.00 paid by bank transfer goes back by bank transfer');
    expect(rows[1]!.body).toContain('Nothing had been paid on this booking');
    // Saving the departure again as cancelled sends nothing more and cancels nothing twice.
    await cancelDeparture(event);
    const again = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from private.outbound_mail where subject like $1`,
      [`Cancelled: ${title}%`],
    );
    expect(again.rows[0]!.n).toBe(3);
  });

  it('stops AutoPay and withdraws open waitlist offers', async () => {
    const { event, paid } = await arrange();
    await testDb.db.query(
      `insert into public.autopay_enrolments (booking_id, user_id, terms_version, state, stripe_customer,
         stripe_payment_method, card_saved_at)
       values ($1, $2, 1, 'active', 'cus_opcancel', 'pm_opcancel', now())`,
      [paid.id, BOOKER],
    );
    await testDb.db.query(
      `insert into public.autopay_attempts (booking_id, due_date, amount_cents, currency)
       values ($1, private.sydney_today(), 10000, 'AUD')`,
      [paid.id],
    );
    const entry = await testDb.db.query<{ id: string }>(
      `insert into public.waitlist_submissions (event_name, event_id, full_name, email)
       values ($1, $2, 'Wanda Waiting', 'wanda@fixture.test') returning id`,
      [`Trip ${event}`, event],
    );
    await testDb.db.query(`select private.create_waitlist_offer($1, $2, 1, null, now())`, [
      entry.rows[0]!.id,
      event,
    ]);
    await cancelDeparture(event);
    const { rows } = await testDb.db.query(
      `select (select state from public.autopay_enrolments where booking_id = $1) as enrolment,
              (select jsonb_build_object('state', state, 'code', failure_code, 'message', failure_message)
               from public.autopay_attempts where booking_id = $1) as attempt,
              (select state from public.waitlist_offers where event_id = $2) as offer`,
      [paid.id, event],
    );
    expect(rows[0]).toEqual({
      enrolment: 'off',
      attempt: { state: 'failed', code: 'trip_cancelled', message: 'The trip was cancelled' },
      offer: 'withdrawn',
    });
  });

  it('lists the bank transfers to pay back and records them in the ledger until none is left', async () => {
    const { event, paid, held } = await arrange();
    await cancelDeparture(event);
    expect(await due(held.id)).toEqual([]);
    const listed = await due(paid.id);
    expect(listed).toEqual([
      expect.objectContaining({
        booking_id: paid.id,
        invoice_number: paid.invoice_number,
        bank_reference: paid.bank_reference,
        member_name: 'Booker 1',
        member_email: 'booker1@fixture.test',
        payment_reference: 'Transfer from Booker 1',
        amount_cents: 40000,
        due_cents: 40000,
        currency: 'AUD',
      }),
    ]);
    expect((await due(null)).map((r) => r.booking_id)).toContain(paid.id);
    const payment = listed[0]!.payment_id;

    expect(await recordRefund(payment, 15000, 'HH refund 1 of 2')).toEqual({
      amount_cents: 15000,
      reference: 'HH refund 1 of 2',
      recorded_by: ID.admin,
    });
    expect((await due(paid.id))[0]!.due_cents).toBe(25000);
    await recordRefund(payment, 25000, '  HH refund 2 of 2 ');
    expect(await due(paid.id)).toEqual([]);
    expect((await due(null)).map((r) => r.booking_id)).not.toContain(paid.id);
    const ledger = await testDb.db.query(
      `select bb.paid_cents, bb.refunded_cents,
              (select array_agg(r.reference order by r.amount_cents) from public.payment_refunds r
               where r.payment_id = $2) as refs
       from public.booking_balances bb where bb.booking_id = $1`,
      [paid.id, payment],
    );
    // The card's $1,600 is still the ledger's until Stripe reports its refund.
    expect(ledger.rows[0]).toEqual({
      paid_cents: 160000,
      refunded_cents: 40000,
      refs: ['HH refund 1 of 2', 'HH refund 2 of 2'],
    });
    const audit = await testDb.db.query(
      `select entity_noun, entity_label, actor_id from public.audit_log where entity = 'payment_refunds'
       and after ->> 'payment_id' = $1 order by entity_label`,
      [payment],
    );
    expect(audit.rows).toEqual([
      { entity_noun: 'refund', entity_label: 'HH refund 1 of 2', actor_id: ID.admin },
      { entity_noun: 'refund', entity_label: 'HH refund 2 of 2', actor_id: ID.admin },
    ]);
  });

  it('refuses in words: a card payment, a booking the member cancelled, too much, no reference, and members', async () => {
    const { event, paid } = await arrange();
    const payment = await bankPayment(paid.id);
    // Before the company cancels, there is nothing to pay back by hand.
    expect(await refusal(recordRefund(payment, 100, 'Too early'))).toEqual({
      code: '22023',
      message: 'Bank refunds are recorded here for trips we cancelled; this booking was not.',
    });
    await cancelDeparture(event);
    const card = await testDb.db.query<{ id: string }>(
      `select id from public.payments where booking_id = $1 and method = 'card'`,
      [paid.id],
    );
    expect(await refusal(recordRefund(card.rows[0]!.id, 100, 'By card'))).toEqual({
      code: '22023',
      message: 'This payment was by card: refund it through Stripe with Refund….',
    });
    expect(await refusal(recordRefund(payment, 40001, 'Too much'))).toEqual({
      code: '22023',
      message: 'That is more than is left to pay back on this transfer ($400.00).',
    });
    expect(await refusal(recordRefund(payment, 0, 'Nothing'))).toEqual({
      code: '22023',
      message: 'A refund is at least $0.01.',
    });
    expect(await refusal(recordRefund(payment, 100, '   '))).toEqual({
      code: '22023',
      message: 'Give the reference of the transfer you made.',
    });
    expect(await refusal(recordRefund(payment, 100, 'x'.repeat(101)))).toEqual({
      code: '22023',
      message: 'Keep the reference to 100 characters.',
    });
    expect(await refusal(recordRefund('00000000-0000-4000-8000-000000000000', 100, 'Ghost'))).toEqual({
      code: 'P0002',
      message: 'no such payment',
    });
    expect(
      await refusal(
        asMember(testDb.db, BOOKER, (tx) =>
          tx.query(`select public.record_bank_refund($1, 100, 'Mine')`, [payment]),
        ),
      ),
    ).toEqual({ code: '42501', message: 'only an admin can record a refund' });
    await recordRefund(payment, 40000, 'All of it');
    expect(await refusal(recordRefund(payment, 1, 'Again'))).toEqual({
      code: '22023',
      message: 'This transfer has been paid back in full.',
    });
  });

  it("keeps a member's cancellation as it was: the deposit kept, and the company's kind keeps nothing", async () => {
    const event = await addDeparture(testDb.db, next('op-member-'), { startsIn: 200, plan: 3 });
    const booking = await bookAs(testDb.db, SECOND, event, travellerOf.get(SECOND)!);
    await payByBank(booking.id, 80000, 'Deposit');
    await asAdmin(testDb.db, (tx) =>
      tx.query(`select public.cancel_booking($1, 0, 0, 'Changed their mind')`, [booking.id]),
    );
    await cancelDeparture(event);
    const { rows } = await testDb.db.query(
      `select kind, kept_cents, refund_cents from public.booking_cancellations where booking_id = $1`,
      [booking.id],
    );
    expect(rows).toEqual([{ kind: 'member', kept_cents: 80000, refund_cents: 0 }]);
    expect(await due(booking.id)).toEqual([]);
    // The table's rules: a member's cancellation keeps the deposit; the company's keeps and credits nothing.
    const check = (sql: string) => refusal(testDb.db.query(sql, [booking.id])).then((r) => r.code);
    await testDb.db.query(`delete from public.booking_cancellations where booking_id = $1`, [booking.id]);
    expect(
      await check(`insert into public.booking_cancellations (booking_id, kind, paid_cents, deposit_cents, kept_cents,
                     refund_cents, credit_cents, reason) values ($1, 'member', 80000, 80000, 0, 80000, 0, 'x')`),
    ).toBe('23514');
    expect(
      await check(`insert into public.booking_cancellations (booking_id, kind, paid_cents, deposit_cents, kept_cents,
                     refund_cents, credit_cents, reason) values ($1, 'company', 80000, 80000, 80000, 0, 0, 'x')`),
    ).toBe('23514');
    expect(
      await check(`insert into public.booking_cancellations (booking_id, kind, paid_cents, deposit_cents, kept_cents,
                     refund_cents, credit_cents, reason) values ($1, 'other', 0, 0, 0, 0, 0, 'x')`),
    ).toBe('23514');
  });

  it("keeps the form's reference limit and the database's one rule", async () => {
    const { rows } = await testDb.db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'payment_refunds_reference_check'`,
    );
    expect(rows[0]!.def).toContain(`char_length(reference) <= ${BANK_REFUND_REFERENCE_MAX}`);
  });

  it('lets two admins recording the same transfer at once pay back no more than it', async () => {
    const { event, paid } = await arrange();
    await cancelDeparture(event);
    const payment = await bankPayment(paid.id);
    const results = await Promise.allSettled([
      recordRefund(payment, 30000, 'First admin'),
      recordRefund(payment, 30000, 'Second admin'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected')!;
    expect((rejected.reason as Error).message).toBe(
      'That is more than is left to pay back on this transfer ($100.00).',
    );
  });

  it('leaves no live booking when the departure is cancelled while members are booking it', async () => {
    const event = await addDeparture(testDb.db, next('op-race-'), { startsIn: 200, capacity: 50 });
    const bookings = RACERS.map((n) => bookAs(testDb.db, memberId(n), event, travellerOf.get(memberId(n))!));
    const outcomes = await Promise.allSettled([
      ...bookings.slice(0, 6),
      cancelDeparture(event),
      ...bookings.slice(6),
    ]);
    const refused = outcomes.flatMap((o) =>
      o.status === 'rejected'
        ? [`${(o.reason as { code: string }).code} ${(o.reason as Error).message}`]
        : [],
    );
    expect(new Set(refused).size).toBeLessThanOrEqual(1);
    if (refused.length > 0) expect(refused[0]).toBe('P0002 this departure cannot be booked');
    const { rows } = await testDb.db.query<{ live: number; made: number; company: number }>(
      `select count(*) filter (where b.status <> 'cancelled')::int as live, count(*)::int as made,
              count(c.id) filter (where c.kind = 'company')::int as company
       from public.bookings b left join public.booking_cancellations c on c.booking_id = b.id
       where b.event_id = $1`,
      [event],
    );
    expect(rows[0]!.live).toBe(0);
    expect(rows[0]!.company).toBe(rows[0]!.made);
    expect(rows[0]!.made + refused.length).toBe(RACERS.length);
  });

  it('shows a card surcharge on the tax invoice as its own line with its GST, and given back when the company cancels', async () => {
    const title = next('op-surcharge-');
    const event = await addDeparture(testDb.db, title, { startsIn: 200, plan: 3 });
    const booking = await bookAs(testDb.db, BOOKER, event, travellerOf.get(BOOKER)!);
    await asAdmin(testDb.db, (tx) => tx.query(`select public.set_card_payment_settings(true, 120)`));
    const attempt = await asMember(testDb.db, BOOKER, (tx) =>
      tx
        .query<{ id: string; surcharge_cents: number }>(
          `select id, surcharge_cents from public.prepare_card_payment($1, 'deposit', null)`,
          [booking.id],
        )
        .then((r) => r.rows[0]!),
    );
    await asAdmin(testDb.db, (tx) => tx.query(`select public.set_card_payment_settings(true, 0)`));
    expect(attempt.surcharge_cents).toBe(1920);
    const intent = next('pi_opsurcharge');
    await asService(testDb.db, (tx) =>
      tx.query(`select public.apply_stripe_event($1, 'checkout.session.completed', $2::jsonb)`, [
        next('evt_opsurcharge'),
        JSON.stringify({
          id: `cs_${intent}`,
          amount_total: 161920,
          currency: 'aud',
          metadata: { booking_id: booking.id, purpose: 'deposit', attempt_id: attempt.id },
          payment_intent: intent,
          payment_status: 'paid',
        }),
      ]),
    );
    const { rows } = await testDb.db.query<{
      version: number;
      lines: {
        kind: string;
        description: string;
        detail: string;
        amount_cents: number;
        gst_cents?: number;
      }[];
      total_cents: number;
      gst_cents: number;
      gst_treatment: string;
    }>(
      `select version, lines, total_cents, gst_cents, gst_treatment from public.invoice_versions
       where booking_id = $1 order by version`,
      [booking.id],
    );
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    const [first, second] = rows;
    expect(first!.lines.some((line) => line.kind === 'surcharge')).toBe(false);
    expect(second!.gst_treatment).toBe('taxable');
    expect(second!.lines.at(-1)).toEqual({
      kind: 'surcharge',
      description: 'Card surcharge',
      detail: expect.stringMatching(/^On the card payment of \d{1,2} [A-Z][a-z]{2} \d{4}$/),
      amount_cents: 1920,
      gst_cents: 175, // $19.20 / 11, to the cent
    });
    expect(second!.total_cents).toBe(200000 + 1920);
    expect(second!.gst_cents).toBe(first!.gst_cents + 175);
    // What the booking has paid is still the trip's money alone.
    const paid = await testDb.db.query<{ paid_cents: number }>(
      `select paid_cents from public.booking_balances where booking_id = $1`,
      [booking.id],
    );
    expect(paid.rows[0]!.paid_cents).toBe(160000);

    // The company cancels: the surcharge goes back with the payment, and a new version shows it given back.
    await cancelDeparture(event);
    const asked = await asService(testDb.db, (tx) =>
      tx
        .query<{ id: string; amount_cents: number }>(
          `select id, amount_cents from public.card_refunds_to_make() where booking_id = $1`,
          [booking.id],
        )
        .then((r) => r.rows),
    );
    expect(asked.map((q) => q.amount_cents)).toEqual([161920]);
    // The member's e-mail says what really comes back to the card, the surcharge included.
    const mail = await testDb.db.query<{ body: string }>(
      `select body from private.outbound_mail where subject = $1`,
      [`Cancelled: ${title} (your booking ${booking.invoice_number})`],
    );
    expect(mail.rows[0]!.body).toContain('$1,619.20 paid by card goes back to the card you paid with');
    await asService(testDb.db, (tx) =>
      tx.query(`select public.settle_card_refund_request($1, $2::jsonb)`, [
        asked[0]!.id,
        JSON.stringify({
          id: next('re_opsurcharge'),
          amount: 161920,
          payment_intent: intent,
          status: 'succeeded',
        }),
      ]),
    );
    const latest = (
      await testDb.db.query<{
        lines: { kind: string; description: string; amount_cents: number; gst_cents?: number }[];
        total_cents: number;
        gst_cents: number;
        cancelled: boolean;
      }>(
        `select lines, total_cents, gst_cents, cancelled from public.invoice_versions
         where booking_id = $1 order by version desc limit 1`,
        [booking.id],
      )
    ).rows[0]!;
    expect(latest.lines.slice(-2)).toEqual([
      second!.lines.at(-1),
      {
        kind: 'surcharge_refund',
        description: 'Card surcharge refunded',
        detail: second!.lines.at(-1)!.detail,
        amount_cents: -1920,
        gst_cents: -175,
      },
    ]);
    expect(latest).toMatchObject({ total_cents: 200000, gst_cents: first!.gst_cents, cancelled: true });
  });

  it('lists a failed AutoPay charge on /admin/manage-plan: which instalment, when, why, and whether paid since', async () => {
    const event = await addDeparture(testDb.db, next('op-autopay-'), { startsIn: 200, plan: 3 });
    const booking = await bookAs(testDb.db, BOOKER, event, travellerOf.get(BOOKER)!);
    await payByBank(booking.id, 160000, 'Deposit');
    const instalment = (
      await testDb.db.query<{ id: string; due_date: string; amount_cents: number }>(
        `select id, to_char(due_date, 'YYYY-MM-DD') as due_date, amount_cents from public.booking_installments
         where booking_id = $1 and paid_at is null order by due_date limit 1`,
        [booking.id],
      )
    ).rows[0]!;
    await testDb.db.query(
      `insert into public.autopay_attempts (booking_id, installment_id, due_date, amount_cents, currency, state,
         failure_code, failure_message, settled_at)
       values ($1, $2, $3::date, $4, 'AUD', 'failed', 'card_declined', 'Your card was declined.', now())`,
      [booking.id, instalment.id, instalment.due_date, instalment.amount_cents],
    );
    const attention = (filter: string) =>
      asAdmin(testDb.db, (tx) =>
        tx
          .query<{ due: string; failure: string; paid_since: boolean; failed_today: boolean }>(
            `select to_char(autopay_due_date, 'YYYY-MM-DD') as due, autopay_failure as failure,
                    autopay_paid_since as paid_since, autopay_failed_at > now() - interval '1 minute' as failed_today
             from public.admin_schedule_attention($1, $2)`,
            [booking.invoice_number, filter],
          )
          .then((r) => r.rows),
      );
    const failed = { due: instalment.due_date, failure: 'Your card was declined.', failed_today: true };
    expect(await attention('autopay')).toEqual([{ ...failed, paid_since: false }]);
    // Not paid since: it needs attention.
    expect(await attention('')).toEqual([{ ...failed, paid_since: false }]);
    await payByBank(booking.id, instalment.amount_cents, 'Paid the instalment by hand');
    expect(await attention('autopay')).toEqual([{ ...failed, paid_since: true }]);
    expect(await attention('')).toEqual([]);
    expect(
      await refusal(
        asAdmin(testDb.db, (tx) => tx.query(`select * from public.admin_schedule_attention('', 'x')`)),
      ),
    ).toEqual({ code: '22023', message: 'The schedules cannot be filtered by "x".' });
  });

  it('records which admin asked for a card refund', async () => {
    const event = await addDeparture(testDb.db, next('op-requested-'), { startsIn: 200, plan: 3 });
    const booking = await bookAs(testDb.db, SECOND, event, travellerOf.get(SECOND)!);
    await payByCard(booking.id, 80000);
    const card = await testDb.db.query<{ id: string }>(
      `select id from public.payments where booking_id = $1`,
      [booking.id],
    );
    const request = await asAdmin(testDb.db, (tx) =>
      tx
        .query<{ requested_by: string }>(
          `select requested_by from public.request_card_refund($1, 100, 'Goodwill')`,
          [card.rows[0]!.id],
        )
        .then((r) => r.rows[0]!),
    );
    expect(request.requested_by).toBe(ID.admin);
  });
});
