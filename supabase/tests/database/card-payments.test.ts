import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 22, decision 0085: the stripe-webhook Edge Function hands each verified event to
// public.apply_stripe_event (service role). Each case runs as the service role, as the function does, in a
// transaction rolled back at the end, on bookings members made with book_departure. Who may call it and
// read the new tables is in the authorization matrix (admin-matrix/card-payments.ts).

const BOOKER = memberId(1);
const ROLL_BACK = Symbol('roll back');

/** Runs fn as the service role and rolls back, so each case starts from the same bookings. */
async function asWebhook<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await withClaims(db, { role: 'service_role' }, async (tx) => {
    result = { value: await fn(tx) };
    throw ROLL_BACK;
  }).catch((error: unknown) => {
    if (error !== ROLL_BACK) throw error;
  });
  return result!.value;
}

let counter = 0;
const eventId = () => `evt_test${(counter += 1)}`;

/** A Checkout Session as Stripe's webhook carries it (the fields apply_stripe_event reads). */
function session(booking: string, amount: number, intent: string, extra: Record<string, unknown> = {}) {
  return {
    id: `cs_test_${intent}`,
    object: 'checkout.session',
    amount_total: amount,
    currency: 'aud',
    client_reference_id: booking,
    metadata: { booking_id: booking, purpose: 'deposit' },
    payment_intent: intent,
    payment_status: 'paid',
    status: 'complete',
    ...extra,
  };
}

function apply(tx: Queryable, id: string, type: string, object: unknown) {
  return tx
    .query<{ result: string; detail: string | null }>(
      `select result, detail from public.apply_stripe_event($1, $2, $3::jsonb)`,
      [id, type, JSON.stringify(object)],
    )
    .then((r) => r.rows[0]!);
}

async function state(tx: Queryable, booking: string) {
  const { rows } = await tx.query<{
    status: string;
    held: boolean;
    paid: boolean[];
    paid_cents: number;
    refunded_cents: number;
    card_payments: number;
  }>(
    `select b.status::text, b.hold_expires_at > now() as held,
            array(select i.paid_at is not null from public.booking_installments i
                  where i.booking_id = b.id order by i.due_date) as paid,
            bb.paid_cents, bb.refunded_cents,
            (select count(*)::int from public.payments p where p.booking_id = b.id and p.method = 'card') as card_payments
     from public.bookings b join public.booking_balances bb on bb.booking_id = b.id where b.id = $1`,
    [booking],
  );
  return rows[0]!;
}

describe.each(DATABASE_KINDS)('card payments through Stripe events on $name', (kind) => {
  let testDb: TestDatabase;
  let booking: string;
  let small: string;
  let smallEvent: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [1, 2]);
    const mine = [
      await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35),
    ];
    // $2,000 for two: a $1,600 deposit, then $133.33, $133.33 and $133.34.
    const event = await addDeparture(testDb.db, 'card-plan', { startsIn: 200, plan: 3 });
    booking = (await bookAs(testDb.db, BOOKER, event, mine)).id;
    smallEvent = await addDeparture(testDb.db, 'card-small', { startsIn: 200, capacity: 2 });
    small = (await bookAs(testDb.db, BOOKER, smallEvent, mine)).id;
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('records one payment for a session delivered three times, out of order and again as async success', async () => {
    const outcome = await asWebhook(testDb.db, async (tx) => {
      const completed = eventId();
      const results = [
        // payment_intent.succeeded can come first: it records nothing, the session's event does.
        (await apply(tx, eventId(), 'payment_intent.succeeded', { id: 'pi_a1', object: 'payment_intent' }))
          .result,
        (await apply(tx, completed, 'checkout.session.completed', session(booking, 160000, 'pi_a1'))).result,
        (await apply(tx, completed, 'checkout.session.completed', session(booking, 160000, 'pi_a1'))).result,
        (await apply(tx, completed, 'checkout.session.completed', session(booking, 160000, 'pi_a1'))).result,
        (
          await apply(
            tx,
            eventId(),
            'checkout.session.async_payment_succeeded',
            session(booking, 160000, 'pi_a1'),
          )
        ).result,
      ];
      const events = await tx.query<{ n: number }>(`select count(*)::int as n from public.stripe_events`);
      return { results, state: await state(tx, booking), events: events.rows[0]!.n };
    });
    expect(outcome.results).toEqual(['ignored', 'recorded', 'recorded', 'recorded', 'already_recorded']);
    expect(outcome.state).toEqual({
      status: 'confirmed',
      held: null,
      paid: [true, false, false, false],
      paid_cents: 160000,
      refunded_cents: 0,
      card_payments: 1,
    });
    expect(outcome.events).toBe(3);
  });

  it('waits for a delayed payment, and records nothing when it fails', async () => {
    const outcome = await asWebhook(testDb.db, async (tx) => {
      const unpaid = session(booking, 160000, 'pi_b1', { payment_status: 'unpaid' });
      return [
        (await apply(tx, eventId(), 'checkout.session.completed', unpaid)).result,
        (await apply(tx, eventId(), 'checkout.session.async_payment_failed', unpaid)).result,
        await state(tx, booking),
      ];
    });
    expect(outcome.slice(0, 2)).toEqual(['awaiting_payment', 'payment_failed']);
    expect(outcome[2]).toMatchObject({ status: 'pending', held: true, paid_cents: 0, card_payments: 0 });
  });

  it("frees an expired deposit session's places, once, and leaves a booking that paid alone", async () => {
    const places = (tx: Queryable) =>
      tx.query<{ n: number }>(`select private.places_taken($1) as n`, [smallEvent]).then((r) => r.rows[0]!.n);
    const outcome = await asWebhook(testDb.db, async (tx) => {
      const before = await places(tx);
      const notDeposit = session(small, 160000, 'pi_c0', {
        status: 'expired',
        metadata: { booking_id: small },
      });
      const expired = session(small, 160000, 'pi_c1', { status: 'expired', payment_intent: null });
      const results = [
        (await apply(tx, eventId(), 'checkout.session.expired', notDeposit)).result,
        (await apply(tx, eventId(), 'checkout.session.expired', expired)).result,
        (await apply(tx, eventId(), 'checkout.session.expired', expired)).result,
      ];
      return { before, results, after: await places(tx), state: await state(tx, small) };
    });
    expect(outcome).toMatchObject({
      before: 2,
      results: ['nothing_to_release', 'hold_released', 'nothing_to_release'],
      after: 0,
      state: { status: 'pending', held: false },
    });

    const paidFirst = await asWebhook(testDb.db, async (tx) => {
      await apply(tx, eventId(), 'checkout.session.completed', session(small, 160000, 'pi_c2'));
      const expired = session(small, 160000, 'pi_c3', { status: 'expired', payment_intent: null });
      return [(await apply(tx, eventId(), 'checkout.session.expired', expired)).result, await places(tx)];
    });
    expect(paidFirst).toEqual(['nothing_to_release', 2]);
  });

  it('confirms a deposit paid after its hold was released when the places are still free, and flags it when not', async () => {
    const outcome = await asWebhook(testDb.db, async (tx) => {
      const expired = session(small, 160000, 'pi_d0', { status: 'expired', payment_intent: null });
      await apply(tx, eventId(), 'checkout.session.expired', expired);
      const late = await apply(
        tx,
        eventId(),
        'checkout.session.async_payment_succeeded',
        session(small, 160000, 'pi_d1'),
      );
      return [late, await state(tx, small)];
    });
    expect(outcome).toEqual([
      { result: 'recorded', detail: null },
      expect.objectContaining({ status: 'confirmed', paid_cents: 160000 }),
    ]);

    const full = await asWebhook(testDb.db, async (tx) => {
      await tx.query(
        `update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`,
        [small],
      );
      await tx.query(`update public.events set max_registrations = 1 where id = $1`, [smallEvent]);
      const late = await apply(tx, eventId(), 'checkout.session.completed', session(small, 160000, 'pi_d2'));
      return [late, await state(tx, small)];
    });
    expect(full[0]).toEqual({
      result: 'needs_attention',
      detail:
        'A card deposit arrived after the hold expired and its places were booked since: refund it or make room.',
    });
    expect(full[1]).toMatchObject({ status: 'pending', paid_cents: 160000, card_payments: 1 });
  });

  it('records a partial refund once: the ledger and the instalments follow, the booking stays confirmed', async () => {
    const outcome = await asWebhook(testDb.db, async (tx) => {
      await apply(tx, eventId(), 'checkout.session.completed', session(booking, 160000, 'pi_e1'));
      await apply(tx, eventId(), 'checkout.session.completed', session(booking, 40000, 'pi_e2'));
      const paidInFull = await state(tx, booking);
      const refund = {
        id: 're_e1',
        object: 'refund',
        amount: 30000,
        payment_intent: 'pi_e2',
        status: 'succeeded',
      };
      const results = [
        (await apply(tx, eventId(), 'refund.created', { ...refund, status: 'pending' })).result,
        (await apply(tx, eventId(), 'refund.updated', refund)).result,
        (await apply(tx, eventId(), 'refund.created', refund)).result,
        (
          await apply(tx, eventId(), 'charge.refunded', {
            id: 'ch_e2',
            object: 'charge',
            amount_refunded: 30000,
          })
        ).result,
      ];
      return { paidInFull, results, after: await state(tx, booking) };
    });
    expect(outcome.paidInFull).toMatchObject({ paid: [true, true, true, true], paid_cents: 200000 });
    expect(outcome.results).toEqual([
      'refund_pending',
      'refund_recorded',
      'refund_already_recorded',
      'ignored',
    ]);
    expect(outcome.after).toEqual({
      status: 'confirmed',
      held: null,
      paid: [true, false, false, false],
      paid_cents: 170000,
      refunded_cents: 30000,
      card_payments: 2,
    });
  });

  it('refuses a refund before its payment, or more than its payment, and keeps nothing of it', async () => {
    const early = await refusal(
      asWebhook(testDb.db, (tx) =>
        apply(tx, 'evt_early', 'refund.created', {
          id: 're_f0',
          amount: 100,
          payment_intent: 'pi_f0',
          status: 'succeeded',
        }),
      ),
    );
    expect(early).toEqual({ code: '55000', message: "no card payment has that refund's PaymentIntent yet" });
    const tooMuch = await refusal(
      asWebhook(testDb.db, async (tx) => {
        await apply(tx, eventId(), 'checkout.session.completed', session(booking, 160000, 'pi_f1'));
        await apply(tx, eventId(), 'refund.created', {
          id: 're_f1',
          amount: 100000,
          payment_intent: 'pi_f1',
          status: 'succeeded',
        });
        return apply(tx, eventId(), 'refund.created', {
          id: 're_f2',
          amount: 60001,
          payment_intent: 'pi_f1',
          status: 'succeeded',
        });
      }),
    );
    expect(tooMuch).toEqual({
      code: '22023',
      message: "a payment's refunds add up to at most the payment (60000 cents left to refund)",
    });
    const kept = await asWebhook(testDb.db, (tx) =>
      tx.query<{ n: number }>(`select count(*)::int as n from public.stripe_events where id = 'evt_early'`),
    );
    expect(kept.rows[0]!.n).toBe(0);
  });

  it('records a payment for a cancelled booking without applying it, and tells an admin', async () => {
    const outcome = await asWebhook(testDb.db, async (tx) => {
      await tx.query(`update public.bookings set status = 'cancelled' where id = $1`, [booking]);
      const result = await apply(
        tx,
        eventId(),
        'checkout.session.completed',
        session(booking, 160000, 'pi_g1'),
      );
      const { rows } = await tx.query<{ booking_id: string }>(
        `select booking_id from public.stripe_events order by received_at desc limit 1`,
      );
      return [result, rows[0]!.booking_id, await state(tx, booking)];
    });
    expect(outcome[0]).toEqual({
      result: 'needs_attention',
      detail: 'A card payment arrived for a cancelled booking: refund it.',
    });
    expect(outcome[1]).toBe(booking);
    expect(outcome[2]).toMatchObject({
      status: 'cancelled',
      card_payments: 1,
      paid: [false, false, false, false],
    });
  });

  it('notes an unpaid or expired session that names no booking of ours, and changes nothing', async () => {
    const stranger = '00000000-0000-4000-8000-000000000000';
    const outcome = await asWebhook(testDb.db, async (tx) => [
      await apply(
        tx,
        eventId(),
        'checkout.session.completed',
        session(stranger, 100, 'pi_s1', { payment_status: 'unpaid' }),
      ),
      await apply(
        tx,
        eventId(),
        'checkout.session.expired',
        session(stranger, 100, 'pi_s2', { status: 'expired' }),
      ),
      await apply(
        tx,
        eventId(),
        'checkout.session.expired',
        session('not-a-uuid', 100, 'pi_s3', { status: 'expired' }),
      ),
    ]);
    expect(outcome.map((row) => row.result)).toEqual([
      'awaiting_payment',
      'nothing_to_release',
      'nothing_to_release',
    ]);
    // Any type Stripe may send is noted, digits included, so none is retried for days.
    const other = await asWebhook(testDb.db, (tx) =>
      apply(tx, 'evt_1Ab_c', 'v1.billing.meter.error_report_triggered', { id: 'mtr_1', object: 'x' }),
    );
    expect(other.result).toBe('ignored');
  });

  it('refuses malformed events with a clear message and records none of them', async () => {
    const attempt = (id: string, type: string, object: unknown) =>
      refusal(asWebhook(testDb.db, (tx) => apply(tx, id, type, object)));
    expect(await attempt('nope', 'checkout.session.completed', {})).toEqual({
      code: '22023',
      message: 'a Stripe event id looks like evt_…',
    });
    expect((await attempt('evt_x1', "checkout'; drop table", {})).code).toBe('22023');
    expect((await attempt('evt_x2', 'checkout.session.completed', [])).message).toBe(
      "the event's object is a JSON object (event.data.object)",
    );
    expect(
      await attempt(
        'evt_x3',
        'checkout.session.completed',
        session('00000000-0000-4000-8000-000000000000', 100, 'pi_x3'),
      ),
    ).toEqual({ code: '22023', message: 'the Checkout Session names no booking of ours' });
    expect(
      (await attempt('evt_x4', 'checkout.session.completed', session(booking, 1.5, 'pi_x4'))).message,
    ).toBe('a paid Checkout Session has an amount_total of at least 1 cent');
    expect(
      (
        await attempt(
          'evt_x5',
          'checkout.session.completed',
          session(booking, 100, 'pi_x5', { currency: 'usd' }),
        )
      ).message,
    ).toBe('the Checkout Session is in USD, the booking in AUD');
  });

  // Last: it commits. On PGlite the two transactions take turns; on PostgreSQL they truly race.
  it('records one payment when two deliveries of an event race', async () => {
    const object = session(booking, 160000, 'pi_h1');
    const deliver = () =>
      withClaims(testDb.db, { role: 'service_role' }, (tx) =>
        apply(tx, 'evt_race', 'checkout.session.completed', object),
      );
    const results = await Promise.all([deliver(), deliver()]);
    expect(results.map((r) => r.result)).toEqual(['recorded', 'recorded']);
    const { rows } = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from public.payments where stripe_payment_intent = 'pi_h1'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
