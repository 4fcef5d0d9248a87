import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId } from './booking-fixtures.ts';
import { ID, insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 22, decision 0089: admins turn cards on and set a surcharge (audited); members read the bank details,
// cards on and the surcharge in one call; a card payment prepared while a surcharge is set carries it, and the
// webhook records the money Stripe took as the payment plus the surcharge kept apart, so the booking's paid
// amount and its instalments take only the payment. Each case runs in one transaction rolled back at the end.
// Who may call what is in the authorization matrix (admin-matrix/stripe-settings.ts).

const BOOKER = memberId(1);
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

function setSettings(tx: Queryable, enabled: boolean, bps: number) {
  return tx
    .query(`select * from public.set_card_payment_settings($1, $2)`, [enabled, bps])
    .then((r) => r.rows[0]);
}

interface Attempt {
  id: string;
  amount_cents: number;
  surcharge_bps: number;
  surcharge_cents: number;
}

async function prepare(tx: Queryable, booking: string, purpose: string, amount: number | null = null) {
  const { rows } = await tx.query<Attempt>(
    `select id, amount_cents, surcharge_bps, surcharge_cents from public.prepare_card_payment($1, $2, $3)`,
    [booking, purpose, amount],
  );
  return rows[0]!;
}

let counter = 0;
function paid(tx: Queryable, booking: string, attempt: string, amountTotal: number, intent: string) {
  return tx
    .query<{ result: string }>(`select result from public.apply_stripe_event($1, $2, $3::jsonb)`, [
      `evt_surcharge${(counter += 1)}`,
      'checkout.session.completed',
      JSON.stringify({
        id: `cs_test_${intent}`,
        object: 'checkout.session',
        amount_total: amountTotal,
        currency: 'aud',
        client_reference_id: booking,
        metadata: { booking_id: booking, purpose: 'deposit', attempt_id: attempt },
        payment_intent: intent,
        payment_status: 'paid',
        status: 'complete',
      }),
    ])
    .then((r) => r.rows[0]!.result);
}

describe.each(DATABASE_KINDS)('Stripe settings and the card surcharge on $name', (kind) => {
  let testDb: TestDatabase;
  let booking: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [1]);
    const mine = [
      await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35),
    ];
    // $2,000 for two: a $1,600 deposit, then $133.33, $133.33 and $133.34.
    const event = await addDeparture(testDb.db, 'surcharge-plan', { startsIn: 200, plan: 3 });
    booking = (await bookAs(testDb.db, BOOKER, event, mine)).id;
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('lets admins turn cards on and set a surcharge, audited; refuses others and bad figures in words', async () => {
    const outcome = await rolledBack(testDb.db, async (tx) => {
      await as(tx, ID.admin);
      const before = (await tx.query(`select * from public.admin_card_payment_settings()`)).rows;
      const saved = await setSettings(tx, true, 120);
      const tooHigh = await refused(tx, () => setSettings(tx, true, 301));
      const negative = await refused(tx, () => setSettings(tx, true, -1));
      const audit = await tx.query(
        `select entity, entity_noun, action, before, after from public.audit_log
         where entity = 'card_payment_settings'`,
      );
      await as(tx, BOOKER);
      const member = await refused(tx, () => setSettings(tx, false, 0));
      const memberRead = await refused(tx, () =>
        tx.query(`select * from public.admin_card_payment_settings()`),
      );
      await as(tx, 'service_role');
      const check = await refused(tx, () =>
        tx.query(`update private.card_payment_settings set surcharge_bps = 301`),
      );
      return {
        before,
        saved,
        tooHigh,
        negative,
        audit: audit.rows,
        member,
        memberRead,
        check: check.slice(0, 5),
      };
    });
    expect(outcome).toEqual({
      before: [{ cards_enabled: false, card_surcharge_bps: 0 }],
      saved: { cards_enabled: true, card_surcharge_bps: 120 },
      tooHigh: '22023 A card surcharge is between 0% and 3%.',
      negative: '22023 A card surcharge is between 0% and 3%.',
      audit: [
        {
          entity: 'card_payment_settings',
          entity_noun: 'card payment settings',
          action: 'update',
          before: { enabled: false, surcharge_bps: 0 },
          after: { enabled: true, surcharge_bps: 120 },
        },
      ],
      member: '42501 only admins change the card payment settings',
      memberRead: '42501 only admins see the card payment settings',
      check: '23514',
    });
  });

  it('tells a member the bank details, whether cards are taken and the surcharge in one call', async () => {
    const outcome = await rolledBack(testDb.db, async (tx) => {
      // Before the company has entered its bank details (the seed has some).
      await tx.query(`delete from private.company_bank_details`);
      await as(tx, BOOKER);
      const none = (await tx.query(`select * from public.payment_options()`)).rows;
      await as(tx, 'service_role');
      await tx.query(
        `insert into private.company_bank_details (account_name, bsb, account_number)
         values ('Haunted Horizons Pty Ltd', '062000', '12345678')`,
      );
      await tx.query(`update private.card_payment_settings set enabled = true, surcharge_bps = 150`);
      await as(tx, BOOKER);
      const set = (await tx.query(`select * from public.payment_options()`)).rows;
      await as(tx, 'anon');
      const visitor = await refused(tx, () => tx.query(`select * from public.payment_options()`));
      return { none, set, visitor };
    });
    expect(outcome).toEqual({
      none: [
        {
          account_name: null,
          bank_name: null,
          bsb: null,
          account_number: null,
          cards_enabled: false,
          card_surcharge_bps: 0,
        },
      ],
      set: [
        {
          account_name: 'Haunted Horizons Pty Ltd',
          bank_name: null,
          bsb: '062000',
          account_number: '12345678',
          cards_enabled: true,
          card_surcharge_bps: 150,
        },
      ],
      visitor: '42501 permission denied for function payment_options',
    });
  });

  it('charges the surcharge on top and keeps it out of what the booking has paid', async () => {
    const outcome = await rolledBack(testDb.db, async (tx) => {
      await as(tx, ID.admin);
      await setSettings(tx, true, 120);
      await as(tx, BOOKER);
      const deposit = await prepare(tx, booking, 'deposit');
      // 1.75% of $50.01 is 87.5175 cents: rounded down, never above the percentage shown.
      await as(tx, ID.admin);
      await setSettings(tx, true, 175);
      await as(tx, BOOKER);
      const odd = await prepare(tx, booking, 'extra', 5001);
      await as(tx, 'service_role');
      // Stripe took the deposit and its surcharge: $1,600 + $19.20.
      const result = await paid(tx, booking, deposit.id, 161920, 'pi_surcharged1');
      const payment = await tx.query(
        `select method, amount_cents, surcharge_cents from public.payments where booking_id = $1`,
        [booking],
      );
      const state = await tx.query(
        `select b.status, bb.paid_cents, private.booking_paid_cents(b.id)::int as ledger
         from public.bookings b join public.booking_balances bb on bb.booking_id = b.id where b.id = $1`,
        [booking],
      );
      // The surcharge an admin sets now does not change the attempt already made.
      await as(tx, ID.admin);
      await setSettings(tx, true, 0);
      await as(tx, BOOKER);
      const next = await prepare(tx, booking, 'instalment');
      return {
        deposit: {
          amount: deposit.amount_cents,
          bps: deposit.surcharge_bps,
          surcharge: deposit.surcharge_cents,
        },
        odd: { amount: odd.amount_cents, surcharge: odd.surcharge_cents },
        result,
        payment: payment.rows,
        state: state.rows[0],
        next: { amount: next.amount_cents, surcharge: next.surcharge_cents },
      };
    });
    expect(outcome).toEqual({
      deposit: { amount: 160000, bps: 120, surcharge: 1920 },
      odd: { amount: 5001, surcharge: 87 },
      result: 'recorded',
      payment: [{ method: 'card', amount_cents: 160000, surcharge_cents: 1920 }],
      state: { status: 'confirmed', paid_cents: 160000, ledger: 160000 },
      next: { amount: 13333, surcharge: 0 },
    });
  });

  it('never puts a surcharge on a bank transfer', async () => {
    const outcome = await rolledBack(testDb.db, async (tx) =>
      refused(tx, () =>
        tx.query(
          `insert into public.payments (booking_id, method, amount_cents, received_on, surcharge_cents)
           values ($1, 'bank_transfer', 1000, current_date, 12)`,
          [booking],
        ),
      ),
    );
    expect(outcome).toMatch(/^23514 .*payments_surcharge_cents_check/);
  });
});
