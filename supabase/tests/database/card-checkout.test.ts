import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId } from './booking-fixtures.ts';
import { insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 22, decision 0087: public.prepare_card_payment computes what a member pays by card from the ledger
// and records an attempt the stripe-checkout function turns into a Checkout Session; apply_stripe_event
// marks it paid or expired. Each case runs in one transaction rolled back at the end, switching between the
// member (as the API would run them) and the service role (the webhook). Who may call what is in the
// authorization matrix (admin-matrix/card-checkout.ts).

const BOOKER = memberId(1);
const OTHER = memberId(2);
const ROLL_BACK = Symbol('roll back');

async function rolledBack<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await withClaims(db, { role: 'service_role' }, async (tx) => {
    result = { value: await fn(tx) };
    throw ROLL_BACK;
  }).catch((error: unknown) => {
    if (error !== ROLL_BACK) throw error;
  });
  return result!.value;
}

/** Switches the transaction to a caller, as PostgREST sets it for a request. */
async function as(tx: Queryable, who: string | 'service_role' | 'anon') {
  const claims =
    who === 'service_role' || who === 'anon'
      ? { role: who }
      : { role: 'authenticated', aud: 'authenticated', sub: who };
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true)`,
    [claims.role, JSON.stringify(claims), 'sub' in claims ? claims.sub : ''],
  );
}

interface Attempt {
  id: string;
  purpose: string;
  amount_cents: number;
  currency: string;
  state: string;
  minutes: number;
}

async function prepare(tx: Queryable, booking: string, purpose: string, amount: number | null = null) {
  const { rows } = await tx.query<Attempt>(
    `select id, purpose, amount_cents, currency, state,
            round(extract(epoch from expires_at - created_at) / 60)::int as minutes
     from public.prepare_card_payment($1, $2, $3)`,
    [booking, purpose, amount],
  );
  return rows[0]!;
}

/** The refusal of one statement, kept from aborting the case's transaction (a savepoint). */
async function refused(tx: Queryable, attempt: () => Promise<unknown>) {
  await tx.query('savepoint refused');
  try {
    await attempt();
  } catch (error) {
    await tx.query('rollback to savepoint refused');
    const { code, message } = error as { code: string; message: string };
    return `${code} ${message}`;
  }
  throw new Error('not refused');
}

let counter = 0;
function applyEvent(tx: Queryable, type: string, object: Record<string, unknown>) {
  return tx
    .query<{ result: string }>(`select result from public.apply_stripe_event($1, $2, $3::jsonb)`, [
      `evt_checkout${(counter += 1)}`,
      type,
      JSON.stringify(object),
    ])
    .then((r) => r.rows[0]!.result);
}

function paidSession(booking: string, attempt: string, amount: number, intent: string, purpose = 'deposit') {
  return {
    id: `cs_test_${intent}`,
    object: 'checkout.session',
    amount_total: amount,
    currency: 'aud',
    client_reference_id: booking,
    metadata: { booking_id: booking, purpose, attempt_id: attempt },
    payment_intent: intent,
    payment_status: 'paid',
    status: 'complete',
  };
}

describe.each(DATABASE_KINDS)('card payments prepared from the ledger on $name', (kind) => {
  let testDb: TestDatabase;
  let booking: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [1, 2]);
    const mine = [
      await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35),
    ];
    // $2,000 for two: a $1,600 deposit, then $133.33, $133.33 and $133.34.
    const event = await addDeparture(testDb.db, 'checkout-plan', { startsIn: 200, plan: 3 });
    booking = (await bookAs(testDb.db, BOOKER, event, mine)).id;
    await testDb.db.query(`update private.card_payment_settings set enabled = true`);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('prepares the deposit from the ledger and keeps the places held while it is open', async () => {
    const outcome = await rolledBack(testDb.db, async (tx) => {
      await tx.query(
        `update public.bookings set hold_expires_at = now() + interval '1 minute' where id = $1`,
        [booking],
      );
      await as(tx, BOOKER);
      const attempt = await prepare(tx, booking, 'deposit');
      const seen = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.card_payment_attempts`,
      );
      const hold = await tx.query<{ same: boolean }>(
        `select b.hold_expires_at = a.expires_at as same
         from public.bookings b join public.card_payment_attempts a on a.booking_id = b.id where a.id = $1`,
        [attempt.id],
      );
      await as(tx, OTHER);
      const other = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.card_payment_attempts`,
      );
      return { attempt, mine: seen.rows[0]!.n, held: hold.rows[0]!.same, other: other.rows[0]!.n };
    });
    expect(outcome).toEqual({
      attempt: expect.objectContaining({
        purpose: 'deposit',
        amount_cents: 160000,
        currency: 'AUD',
        state: 'open',
        minutes: 35,
      }),
      mine: 1,
      held: true,
      other: 0,
    });
  });

  it('computes the next instalment, the balance and an extra amount from what was paid', async () => {
    const outcome = await rolledBack(testDb.db, async (tx) => {
      await as(tx, BOOKER);
      const deposit = await prepare(tx, booking, 'deposit');
      await as(tx, 'service_role');
      await applyEvent(tx, 'checkout.session.completed', paidSession(booking, deposit.id, 160000, 'pi_x1'));
      await as(tx, BOOKER);
      return {
        deposit: (
          await tx.query(`select state from public.card_payment_attempts where id = $1`, [deposit.id])
        ).rows[0],
        amounts: [
          (await prepare(tx, booking, 'instalment')).amount_cents,
          (await prepare(tx, booking, 'balance')).amount_cents,
          (await prepare(tx, booking, 'extra', 5000)).amount_cents,
        ],
        again: await refused(tx, () => prepare(tx, booking, 'deposit')),
        tooMuch: await refused(tx, () => prepare(tx, booking, 'extra', 40001)),
      };
    });
    expect(outcome).toEqual({
      deposit: { state: 'paid' },
      amounts: [13333, 40000, 5000],
      again: '22023 The deposit for this booking is already paid.',
      tooMuch: '22023 That is more than is left to pay ($400.00).',
    });
  });

  it('refuses with a message for the member: cards off, not theirs, bad asks, ended holds, too many open', async () => {
    const outcome = await rolledBack(testDb.db, async (tx) => {
      const refusals: string[] = [];
      await as(tx, OTHER);
      refusals.push(await refused(tx, () => prepare(tx, booking, 'deposit')));
      await as(tx, 'anon');
      refusals.push(await refused(tx, () => prepare(tx, booking, 'deposit')));
      await as(tx, BOOKER);
      refusals.push(await refused(tx, () => prepare(tx, booking, 'everything')));
      refusals.push(await refused(tx, () => prepare(tx, booking, 'extra', 49)));
      refusals.push(await refused(tx, () => prepare(tx, booking, 'deposit', 100)));
      await prepare(tx, booking, 'deposit');
      await prepare(tx, booking, 'deposit');
      await prepare(tx, booking, 'deposit');
      refusals.push(await refused(tx, () => prepare(tx, booking, 'deposit')));
      await as(tx, 'service_role');
      await tx.query(
        `update public.bookings set hold_expires_at = now() - interval '1 second' where id = $1`,
        [booking],
      );
      await as(tx, BOOKER);
      refusals.push(await refused(tx, () => prepare(tx, booking, 'deposit')));
      await as(tx, 'service_role');
      await tx.query(`update public.bookings set status = 'cancelled' where id = $1`, [booking]);
      await as(tx, BOOKER);
      refusals.push(await refused(tx, () => prepare(tx, booking, 'balance')));
      await as(tx, 'service_role');
      await tx.query(`update private.card_payment_settings set enabled = false`);
      await as(tx, BOOKER);
      refusals.push(await refused(tx, () => prepare(tx, booking, 'balance')));
      return refusals;
    });
    expect(outcome).toEqual([
      'P0002 no such booking',
      // anon may not call it at all.
      '42501 permission denied for function prepare_card_payment',
      '22023 pay the deposit, the next instalment, the balance or an extra amount',
      '22023 A card payment is at least $0.50.',
      '22023 only an extra payment names its amount',
      '55000 You have three card payments open for this booking. Please finish one, or try again in 30 minutes.',
      '55000 The hold on your places has ended. Please contact us to book again.',
      '22023 This booking is cancelled.',
      '55000 Card payments are not available. Please pay by bank transfer.',
    ]);
  });

  it('marks an expired attempt, and frees the places only when no other deposit session is open', async () => {
    const outcome = await rolledBack(testDb.db, async (tx) => {
      await as(tx, BOOKER);
      const first = await prepare(tx, booking, 'deposit');
      const second = await prepare(tx, booking, 'deposit');
      await as(tx, 'service_role');
      await tx.query(`update public.card_payment_attempts set checkout_session_id = $2 where id = $1`, [
        first.id,
        'cs_test_first',
      ]);
      const expired = (id: string, attempt: string) => ({
        id,
        object: 'checkout.session',
        status: 'expired',
        client_reference_id: booking,
        metadata: { booking_id: booking, purpose: 'deposit', attempt_id: attempt },
      });
      const results = [await applyEvent(tx, 'checkout.session.expired', expired('cs_test_first', first.id))];
      const held = await tx.query<{ held: boolean }>(
        `select hold_expires_at > now() as held from public.bookings where id = $1`,
        [booking],
      );
      results.push(await applyEvent(tx, 'checkout.session.expired', expired('cs_test_second', second.id)));
      const states = await tx.query<{ state: string }>(
        `select state from public.card_payment_attempts where booking_id = $1 order by created_at, id`,
        [booking],
      );
      const after = await tx.query<{ held: boolean }>(
        `select hold_expires_at > now() as held from public.bookings where id = $1`,
        [booking],
      );
      return {
        results,
        heldBetween: held.rows[0]!.held,
        states: states.rows,
        heldAfter: after.rows[0]!.held,
      };
    });
    expect(outcome).toEqual({
      results: ['nothing_to_release', 'hold_released'],
      heldBetween: true,
      states: [{ state: 'expired' }, { state: 'expired' }],
      heldAfter: false,
    });
  });
});
