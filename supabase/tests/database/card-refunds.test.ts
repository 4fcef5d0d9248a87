import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { REFUND_REASON_MAX } from '../../../src/features/admin/bookings/card-refunds.ts';
import { claimsOf, insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 22, decision 0090: an admin refunds all or part of one card payment. request_card_refund (admin)
// checks the amount against what is left of THAT payment; the stripe-refund function lists what waits
// (card_refunds_to_make) and reports Stripe's answer (settle_card_refund_request, service role), which
// records the refund in the ledger once, whether it or the webhook's refund.created comes first. And the
// sweep of card payment attempts whose Checkout Session was never made. Each case commits on its own
// booking, as the API's separate requests would. Who may call what is in admin-matrix/card-refunds.ts.

const BOOKER = memberId(1);
let counter = 0;
const next = (prefix: string) => `${prefix}${(counter += 1)}`;

const asAdmin = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) => withClaims(db, claimsOf('admin'), fn);
const asService = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) =>
  withClaims(db, { role: 'service_role' }, fn);
const asMember = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) =>
  withClaims(db, { sub: BOOKER, role: 'authenticated', aud: 'authenticated' }, fn);

interface RequestRow {
  id: string;
  amount_cents: number;
  surcharge_cents: number;
  state: string;
  stripe_refund_id: string | null;
  failure: string | null;
}

describe.each(DATABASE_KINDS)('card refunds and the attempts sweep on $name', (kind) => {
  let testDb: TestDatabase;
  let travellers: string[];

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [1]);
    travellers = [
      await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35),
    ];
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** A $2,000 booking for two ($1,600 deposit, three instalments) and a card payment recorded by the webhook. */
  async function paidByCard(amounts: number[]) {
    const event = await addDeparture(testDb.db, next('refund-trip-'), { startsIn: 200, plan: 3 });
    const booking = await bookAs(testDb.db, BOOKER, event, travellers);
    const intents: string[] = [];
    for (const amount of amounts) {
      const intent = next('pi_refund');
      intents.push(intent);
      await asService(testDb.db, (tx) =>
        tx.query(`select public.apply_stripe_event($1, 'checkout.session.completed', $2::jsonb)`, [
          next('evt_refund'),
          JSON.stringify({
            id: `cs_${intent}`,
            amount_total: amount,
            currency: 'aud',
            metadata: { booking_id: booking.id, purpose: 'balance' },
            payment_intent: intent,
            payment_status: 'paid',
          }),
        ]),
      );
    }
    const payments = (
      await testDb.db.query<{ id: string; stripe_payment_intent: string }>(
        `select id, stripe_payment_intent from public.payments where booking_id = $1 order by amount_cents desc`,
        [booking.id],
      )
    ).rows;
    return { booking, event, intents, payments };
  }

  const request = (paymentId: string, amount: number | null, reason: string) =>
    asAdmin(testDb.db, async (tx) => {
      const { rows } = await tx.query<RequestRow>(`select * from public.request_card_refund($1, $2, $3)`, [
        paymentId,
        amount,
        reason,
      ]);
      return rows[0]!;
    });

  const settle = (id: string, refund: Record<string, unknown> | null, failure: string | null = null) =>
    asService(testDb.db, async (tx) => {
      const { rows } = await tx.query<RequestRow>(
        `select * from public.settle_card_refund_request($1, $2::jsonb, $3)`,
        [id, refund && JSON.stringify(refund), failure],
      );
      return rows[0]!;
    });

  async function ledger(bookingId: string) {
    const { rows } = await testDb.db.query<{
      status: string;
      paid: boolean[];
      paid_cents: number;
      refunded_cents: number;
      refunds: number;
    }>(
      `select b.status::text,
              array(select i.paid_at is not null from public.booking_installments i
                    where i.booking_id = b.id order by i.due_date) as paid,
              bb.paid_cents, bb.refunded_cents,
              (select count(*)::int from public.payment_refunds r join public.payments p on p.id = r.payment_id
               where p.booking_id = b.id) as refunds
       from public.bookings b join public.booking_balances bb on bb.booking_id = b.id where b.id = $1`,
      [bookingId],
    );
    return rows[0]!;
  }

  it("a partial refund leaves the ledger and the booking's state right, recorded once", async () => {
    const { booking, intents, payments } = await paidByCard([160000, 40000]);
    expect(await ledger(booking.id)).toMatchObject({ status: 'confirmed', paid: [true, true, true, true] });
    const balance = payments.find((p) => p.stripe_payment_intent === intents[1])!;
    const asked = await request(balance.id, 30000, 'Goodwill: the bus broke down on the way to the gaol');
    expect(asked).toMatchObject({ amount_cents: 30000, state: 'requested', stripe_refund_id: null });

    const toMake = await asService(testDb.db, (tx) =>
      tx.query(`select * from public.card_refunds_to_make($1)`, [asked.id]).then((r) => r.rows),
    );
    expect(toMake).toEqual([
      {
        id: asked.id,
        booking_id: booking.id,
        payment_intent: intents[1],
        amount_cents: 30000,
        currency: 'AUD',
        reason: 'Goodwill: the bus broke down on the way to the gaol',
      },
    ]);
    const refund = {
      id: next('re_partial'),
      object: 'refund',
      amount: 30000,
      payment_intent: intents[1],
      status: 'succeeded',
    };
    expect(await settle(asked.id, refund)).toMatchObject({ state: 'made', stripe_refund_id: refund.id });
    // The webhook's refund.created arrives after the function's answer: it finds the refund recorded.
    const webhook = await asService(testDb.db, (tx) =>
      tx
        .query<{ result: string }>(`select result from public.apply_stripe_event($1, 'refund.created', $2)`, [
          next('evt_refund'),
          JSON.stringify(refund),
        ])
        .then((r) => r.rows[0]!.result),
    );
    expect(webhook).toBe('refund_already_recorded');
    // A repeated answer (the function retried after a lost response) changes nothing.
    expect(await settle(asked.id, refund)).toMatchObject({ state: 'made' });
    // $2,000 less $300: the first instalment's $1,733.33 is no longer covered; the booking stays confirmed.
    expect(await ledger(booking.id)).toEqual({
      status: 'confirmed',
      paid: [true, false, false, false],
      paid_cents: 170000,
      refunded_cents: 30000,
      refunds: 1,
    });
    // What is left to refund of that payment is $100.
    expect(
      await refusal(request(balance.id, 10001, 'Goodwill: the bus broke down on the way to the gaol')),
    ).toEqual({
      code: '22023',
      message: 'That is more than is left to refund on this payment ($100.00).',
    });
  });

  it('records a refund the webhook reports first once, and settles the request after it', async () => {
    const { booking, intents, payments } = await paidByCard([160000]);
    const asked = await request(payments[0]!.id, null, 'Trip cancelled by the operator');
    expect(asked.amount_cents).toBe(160000);
    const refund = { id: next('re_first'), amount: 160000, payment_intent: intents[0], status: 'succeeded' };
    const first = await asService(testDb.db, (tx) =>
      tx
        .query<{ result: string }>(`select result from public.apply_stripe_event($1, 'refund.created', $2)`, [
          next('evt_refund'),
          JSON.stringify(refund),
        ])
        .then((r) => r.rows[0]!.result),
    );
    expect(first).toBe('refund_recorded');
    expect(await settle(asked.id, refund)).toMatchObject({ state: 'made' });
    expect(await ledger(booking.id)).toMatchObject({ paid_cents: 0, refunded_cents: 160000, refunds: 1 });
    expect(await refusal(request(payments[0]!.id, null, 'Again'))).toEqual({
      code: '22023',
      message: 'This payment has been refunded in full.',
    });
  });

  it('refuses more than is left (counting refunds on their way), a bank transfer, no reason and non-admins', async () => {
    const { booking, payments } = await paidByCard([160000]);
    const card = payments[0]!.id;
    const waiting = await request(card, 150000, 'Goodwill');
    const attempts = [
      await refusal(request(card, 10001, 'Goodwill')),
      await refusal(request(card, 0, 'Goodwill')),
      await refusal(request(card, 100, '   ')),
      await refusal(request(card, 100, 'x'.repeat(301))),
      await refusal(request('00000000-0000-4000-8000-000000000000', 100, 'Goodwill')),
      await refusal(
        asMember(testDb.db, (tx) => tx.query(`select public.request_card_refund($1, 100, 'Mine')`, [card])),
      ),
    ];
    expect(attempts).toEqual([
      { code: '22023', message: 'That is more than is left to refund on this payment ($100.00).' },
      { code: '22023', message: 'A refund is at least $0.01.' },
      { code: '22023', message: 'Say why the money is going back.' },
      { code: '22023', message: 'Keep the reason to 300 characters.' },
      { code: 'P0002', message: 'no such payment' },
      { code: '42501', message: 'only admins refund payments' },
    ]);
    // Stripe refused it: the money is refundable again, and the request says why.
    const failed = await settle(waiting.id, null, 'Stripe refused the refund: charge disputed');
    expect(failed).toMatchObject({ state: 'failed', failure: 'Stripe refused the refund: charge disputed' });
    expect((await request(card, 160000, 'Goodwill')).amount_cents).toBe(160000);
    // A bank transfer is refunded from the bank.
    await asAdmin(testDb.db, (tx) =>
      tx.query(`select public.record_payment($1, 5000, private.sydney_today(), 'Transfer')`, [booking.id]),
    );
    const transfer = (
      await testDb.db.query<{ id: string }>(
        `select id from public.payments where booking_id = $1 and method = 'bank_transfer'`,
        [booking.id],
      )
    ).rows[0]!.id;
    expect(await refusal(request(transfer, 100, 'Goodwill'))).toEqual({
      code: '22023',
      message: 'This payment was a bank transfer: refund it from the bank account, not by card.',
    });
    // A refund Stripe made that is not the one asked for is refused, and the request stays as it was.
    const other = await paidByCard([50000]);
    const asked = await request(other.payments[0]!.id, 20000, 'Goodwill');
    expect(
      await refusal(
        settle(asked.id, { id: next('re_wrong'), amount: 25000, payment_intent: other.intents[0] }),
      ),
    ).toEqual({ code: '22023', message: "Stripe's refund is not the one asked for" });
  });

  it("keeps the form's reason limit and the database's one rule", async () => {
    const { rows } = await testDb.db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'card_refund_requests_reason_check'`,
    );
    expect(rows[0]!.def).toContain(`char_length(reason) <= ${REFUND_REASON_MAX}`);
  });

  it('lets two admins asking at once refund no more than the payment', async () => {
    const { payments } = await paidByCard([40000]);
    const results = await Promise.allSettled([
      request(payments[0]!.id, 30000, 'Goodwill, first admin'),
      request(payments[0]!.id, 30000, 'Goodwill, second admin'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected')!;
    expect((rejected.reason as Error).message).toBe(
      'That is more than is left to refund on this payment ($100.00).',
    );
  });

  it('refunds every card payment in full when the company cancels the departure, and no bank transfer', async () => {
    const { booking, event, intents, payments } = await paidByCard([160000, 40000]);
    // $100 of the balance was refunded already: $300 is left of that payment.
    const goodwill = await request(payments[1]!.id, 10000, 'Goodwill');
    await settle(goodwill.id, {
      id: next('re_goodwill'),
      amount: 10000,
      payment_intent: intents[1],
      status: 'succeeded',
    });
    await asAdmin(testDb.db, (tx) =>
      tx.query(`select public.record_payment($1, 5000, private.sydney_today(), 'Transfer')`, [booking.id]),
    );
    await asAdmin(testDb.db, (tx) =>
      tx.query(`update public.events set status = 'cancelled' where id = $1`, [event]),
    );
    const waiting = await asService(testDb.db, (tx) =>
      tx
        .query<{ payment_intent: string; amount_cents: number; reason: string }>(
          `select payment_intent, amount_cents, reason from public.card_refunds_to_make() where booking_id = $1
           order by amount_cents desc`,
          [booking.id],
        )
        .then((r) => r.rows),
    );
    expect(waiting).toEqual([
      {
        payment_intent: intents[0],
        amount_cents: 160000,
        reason: 'We cancelled the trip: the whole payment goes back.',
      },
      {
        payment_intent: intents[1],
        amount_cents: 30000,
        reason: 'We cancelled the trip: the whole payment goes back.',
      },
    ]);
    // Cancelled again (a repeat of the same change) asks for nothing more.
    await testDb.db.query(`update public.events set status = 'cancelled' where id = $1`, [event]);
    const count = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from public.card_refund_requests q join public.payments p on p.id = q.payment_id
       where p.booking_id = $1 and q.state = 'requested'`,
      [booking.id],
    );
    expect(count.rows[0]!.n).toBe(2);
  });

  describe('the card surcharge (decision 0096 amended)', () => {
    /** A $1,600 deposit paid by card with its 1.2% surcharge ($19.20) on top, through its attempt. */
    async function paidWithSurcharge() {
      const event = await addDeparture(testDb.db, next('surcharge-trip-'), { startsIn: 200, plan: 3 });
      const booking = await bookAs(testDb.db, BOOKER, event, travellers);
      await asAdmin(testDb.db, (tx) => tx.query(`select public.set_card_payment_settings(true, 120)`));
      const attempt = await asMember(testDb.db, (tx) =>
        tx
          .query<{ id: string }>(`select id from public.prepare_card_payment($1, 'deposit', null)`, [
            booking.id,
          ])
          .then((r) => r.rows[0]!.id),
      );
      await asAdmin(testDb.db, (tx) => tx.query(`select public.set_card_payment_settings(true, 0)`));
      const intent = next('pi_surcharge');
      await asService(testDb.db, (tx) =>
        tx.query(`select public.apply_stripe_event($1, 'checkout.session.completed', $2::jsonb)`, [
          next('evt_surcharge'),
          JSON.stringify({
            id: `cs_${intent}`,
            amount_total: 161920,
            currency: 'aud',
            metadata: { booking_id: booking.id, purpose: 'deposit', attempt_id: attempt },
            payment_intent: intent,
            payment_status: 'paid',
          }),
        ]),
      );
      const payment = (
        await testDb.db.query<{ id: string; amount_cents: number; surcharge_cents: number }>(
          `select id, amount_cents, surcharge_cents from public.payments where booking_id = $1`,
          [booking.id],
        )
      ).rows[0]!;
      expect(payment).toMatchObject({ amount_cents: 160000, surcharge_cents: 1920 });
      return { event, booking, intent, payment: payment.id };
    }
    const cancel = (event: string) =>
      asAdmin(testDb.db, (tx) =>
        tx.query(`update public.events set status = 'cancelled' where id = $1`, [event]),
      );
    const requestsOf = (bookingId: string) =>
      testDb.db
        .query<{ id: string; amount_cents: number; surcharge_cents: number; state: string }>(
          `select q.id, q.amount_cents, q.surcharge_cents, q.state from public.card_refund_requests q
           join public.payments p on p.id = q.payment_id where p.booking_id = $1 order by q.created_at, q.id`,
          [bookingId],
        )
        .then((r) => r.rows);
    const refundsOf = (bookingId: string) =>
      testDb.db
        .query<{ amount_cents: number; surcharge_cents: number }>(
          `select r.amount_cents, r.surcharge_cents from public.payment_refunds r
           join public.payments p on p.id = r.payment_id where p.booking_id = $1 order by r.refunded_at, r.id`,
          [bookingId],
        )
        .then((r) => r.rows);
    const toMake = (bookingId: string) =>
      asService(testDb.db, (tx) =>
        tx
          .query<{ amount_cents: number }>(
            `select amount_cents from public.card_refunds_to_make() where booking_id = $1`,
            [bookingId],
          )
          .then((r) => r.rows),
      );
    const webhook = (type: string, refund: Record<string, unknown>) =>
      asService(testDb.db, (tx) =>
        tx
          .query<{ result: string }>(`select result from public.apply_stripe_event($1, $2, $3)`, [
            next('evt_surcharge'),
            type,
            JSON.stringify(refund),
          ])
          .then((r) => r.rows[0]!.result),
      );

    it("asks Stripe for the amount and the surcharge left when the company cancels, after an admin's partial refund kept it", async () => {
      const { event, booking, intent, payment } = await paidWithSurcharge();
      // An admin's partial refund gives back booking money only.
      const goodwill = await request(payment, 10000, 'Goodwill');
      expect(goodwill).toMatchObject({ amount_cents: 10000, surcharge_cents: 0 });
      expect(await toMake(booking.id)).toEqual([{ amount_cents: 10000 }]);
      await settle(goodwill.id, {
        id: next('re_goodwill'),
        amount: 10000,
        payment_intent: intent,
        status: 'succeeded',
      });
      await cancel(event);
      const asked = (await requestsOf(booking.id)).at(-1)!;
      expect(asked).toMatchObject({ amount_cents: 150000, surcharge_cents: 1920, state: 'requested' });
      expect(await toMake(booking.id)).toEqual([{ amount_cents: 151920 }]);
      // Stripe's refund of the booking money alone is not the one asked for.
      const refund = { id: next('re_cancel'), amount: 151920, payment_intent: intent, status: 'succeeded' };
      expect(await refusal(settle(asked.id, { ...refund, amount: 150000 }))).toEqual({
        code: '22023',
        message: "Stripe's refund is not the one asked for",
      });
      expect(await settle(asked.id, refund)).toMatchObject({ state: 'made', stripe_refund_id: refund.id });
      expect(await webhook('refund.created', refund)).toBe('refund_already_recorded');
      expect(await refundsOf(booking.id)).toEqual([
        { amount_cents: 10000, surcharge_cents: 0 },
        { amount_cents: 150000, surcharge_cents: 1920 },
      ]);
      // The booking is credited with its own money only: nothing paid, $1,600 refunded.
      expect(await ledger(booking.id)).toMatchObject({ paid_cents: 0, refunded_cents: 160000, refunds: 2 });
    });

    it('records the split once when the webhook reports the refund first, and marks the request made', async () => {
      const { event, booking, intent } = await paidWithSurcharge();
      await cancel(event);
      const asked = (await requestsOf(booking.id))[0]!;
      const refund = {
        id: next('re_webhookfirst'),
        amount: 161920,
        payment_intent: intent,
        status: 'succeeded',
        metadata: { request_id: asked.id, booking_id: booking.id },
      };
      expect(await webhook('refund.created', refund)).toBe('refund_recorded');
      expect(await requestsOf(booking.id)).toEqual([{ ...asked, state: 'made' }]);
      expect(await toMake(booking.id)).toEqual([]);
      expect(await settle(asked.id, refund)).toMatchObject({ state: 'made', stripe_refund_id: refund.id });
      expect(await webhook('refund.updated', refund)).toBe('refund_already_recorded');
      expect(await refundsOf(booking.id)).toEqual([{ amount_cents: 160000, surcharge_cents: 1920 }]);
      expect(await ledger(booking.id)).toMatchObject({ paid_cents: 0, refunded_cents: 160000, refunds: 1 });
      // The member's data export says so too.
      const exported = await testDb.db.query<{ refunds: unknown }>(
        `select b -> 'payments' -> 0 -> 'refunds' as refunds
         from jsonb_array_elements(private.export_bookings($1)) b where b ->> 'id' = $2`,
        [BOOKER, booking.id],
      );
      expect(exported.rows[0]!.refunds).toEqual([
        expect.objectContaining({ amount_cents: 160000, surcharge_cents: 1920 }),
      ]);
    });

    it("keeps the surcharge on a member's cancellation and an admin's full refund", async () => {
      const { event, booking, payment } = await paidWithSurcharge();
      await asAdmin(testDb.db, (tx) =>
        tx.query(`select public.cancel_booking($1, 0, 0, 'The member cannot travel')`, [booking.id]),
      );
      const all = await request(payment, null, 'Goodwill after the member cancelled');
      expect(all).toMatchObject({ amount_cents: 160000, surcharge_cents: 0 });
      expect(await toMake(booking.id)).toEqual([{ amount_cents: 160000 }]);
      // The departure cancelled later asks nothing for a booking the member had cancelled.
      await cancel(event);
      expect((await requestsOf(booking.id)).map((q) => q.surcharge_cents)).toEqual([0]);
    });

    it("counts a Dashboard refund beyond the payment's amount left against its surcharge", async () => {
      const { booking, intent } = await paidWithSurcharge();
      const dashboard = (id: string, amount: number) =>
        webhook('refund.created', { id, amount, payment_intent: intent, status: 'succeeded' });
      expect(await dashboard(next('re_dash'), 100000)).toBe('refund_recorded');
      expect(await dashboard(next('re_dash'), 61920)).toBe('refund_recorded');
      expect(await refundsOf(booking.id)).toEqual([
        { amount_cents: 100000, surcharge_cents: 0 },
        { amount_cents: 60000, surcharge_cents: 1920 },
      ]);
      expect(await ledger(booking.id)).toMatchObject({ paid_cents: 0, refunded_cents: 160000 });
      // Nothing more was paid: a further refund is refused and nothing is kept.
      expect(await refusal(dashboard(next('re_dash'), 1))).toEqual({
        code: '22023',
        message: "a payment's refunds add up to at most the payment (0 cents left to refund)",
      });
    });
  });

  describe('the attempts sweep', () => {
    async function pendingWithAttempts(sessions: (string | null)[]) {
      const event = await addDeparture(testDb.db, next('sweep-trip-'), { startsIn: 200, capacity: 2 });
      const booking = await bookAs(testDb.db, BOOKER, event, travellers);
      // A hold shorter than an attempt's 35 minutes, so the deposit attempts extend it.
      await testDb.db.query(
        `update public.bookings set hold_expires_at = now() + interval '10 minutes' where id = $1`,
        [booking.id],
      );
      await testDb.db.query(`update private.card_payment_settings set enabled = true`);
      const ids: string[] = [];
      for (const session of sessions) {
        const id = await asMember(testDb.db, (tx) =>
          tx
            .query<{ id: string }>(`select id from public.prepare_card_payment($1, 'deposit')`, [booking.id])
            .then((r) => r.rows[0]!.id),
        );
        if (session) {
          await testDb.db.query(
            `update public.card_payment_attempts set checkout_session_id = $2 where id = $1`,
            [id, session],
          );
        }
        ids.push(id);
      }
      return { event, booking, ids };
    }

    async function sweep(minutes: number) {
      return asService(testDb.db, (tx) =>
        tx
          .query<{ n: number }>(
            `select private.sweep_card_attempts(now() + make_interval(mins => $1)) as n`,
            [minutes],
          )
          .then((r) => r.rows[0]!),
      );
    }

    async function look(bookingId: string, event: string, minutes: number) {
      const { rows } = await testDb.db.query<{ states: string[]; taken: number }>(
        `select array(select state from public.card_payment_attempts where booking_id = $1 order by created_at, id)
                  as states,
                private.places_taken_at($2, now() + make_interval(mins => $3)) as taken`,
        [bookingId, event, minutes],
      );
      return rows[0]!;
    }

    it('closes an attempt whose session was never made after five minutes and frees the places it held', async () => {
      const { event, booking, ids } = await pendingWithAttempts([null]);
      expect((await sweep(4)).n).toBe(0);
      const swept = await sweep(6);
      expect(swept.n).toBe(1);
      expect(await look(booking.id, event, 7)).toEqual({ states: ['expired'], taken: 0 });
      // The hold now ends at the sweep's moment, not at the attempt's 35 minutes.
      const hold = await testDb.db.query<{ minutes: number }>(
        `select round(extract(epoch from hold_expires_at - now()) / 60)::int as minutes
         from public.bookings where id = $1`,
        [booking.id],
      );
      expect(hold.rows[0]!.minutes).toBe(6);
      expect(ids).toHaveLength(1);
    });

    it('keeps the hold while another deposit attempt has its session open, and leaves that attempt alone', async () => {
      const { event, booking } = await pendingWithAttempts([null, next('cs_open')]);
      expect((await sweep(6)).n).toBe(1);
      expect(await look(booking.id, event, 7)).toEqual({ states: ['expired', 'open'], taken: 2 });
      // Past its expiry the open one is closed too; the hold ran out with it.
      expect((await sweep(36)).n).toBe(1);
      expect(await look(booking.id, event, 37)).toEqual({ states: ['expired', 'expired'], taken: 0 });
    });
  });
});
