import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { claimsOf, insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 22, decision 0095: the hourly reconciliation hands Stripe's PaymentIntents and refunds of the last
// three days to reconcile_stripe (service role), which compares them with the ledger and keeps one row per
// difference in stripe_differences: money Stripe took that the ledger lacks, a ledger card payment Stripe
// has not, amounts that differ, a refund on one side only. A second run adds nothing; a difference that
// disappears is cleared; one an admin marked resolved stays resolved. Who may call what is in
// admin-matrix/stripe-reconciliation.ts.

const BOOKER = memberId(1);

const asAdmin = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) => withClaims(db, claimsOf('admin'), fn);
const asService = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) =>
  withClaims(db, { role: 'service_role' }, fn);
const asMember = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) =>
  withClaims(db, { sub: BOOKER, role: 'authenticated', aud: 'authenticated' }, fn);

interface Intent {
  id: string;
  status: string;
  amount_received: number;
  currency: string;
}
interface Refund {
  id: string;
  status: string;
  amount: number;
  currency: string;
  payment_intent: string;
}
interface Run {
  new_count: number;
  open_count: number;
  cleared_count: number;
}
interface Difference {
  id: string;
  kind: string;
  stripe_id: string;
  booking_id: string | null;
  stripe_cents: number | null;
  ledger_cents: number | null;
  resolved_how: string | null;
}

const paid = (id: string, cents: number): Intent => ({
  id,
  status: 'succeeded',
  amount_received: cents,
  currency: 'aud',
});
const refunded = (id: string, intent: string, cents: number): Refund => ({
  id,
  status: 'succeeded',
  amount: cents,
  currency: 'aud',
  payment_intent: intent,
});

describe.each(DATABASE_KINDS)('reconciling Stripe with the ledger on $name', (kind) => {
  let testDb: TestDatabase;
  let bookingId: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [1]);
    const traveller = await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40);
    const event = await addDeparture(testDb.db, 'reconcile-trip', { startsIn: 200, plan: 3 });
    bookingId = (await bookAs(testDb.db, BOOKER, event, [traveller])).id;
    // The ledger: three card payments (the webhook's), and a refund of the first.
    for (const [intent, cents] of [
      ['pi_agrees', 50_000],
      ['pi_differs', 20_000],
      ['pi_onlyledger', 10_000],
    ] as const) {
      await webhook(`evt_${intent}`, 'checkout.session.completed', {
        id: `cs_${intent}`,
        amount_total: cents,
        currency: 'aud',
        metadata: { booking_id: bookingId, purpose: 'balance' },
        payment_intent: intent,
        payment_status: 'paid',
      });
    }
    await webhook('evt_re_onlyledger', 'refund.created', refunded('re_onlyledger', 'pi_agrees', 1_000));
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  function webhook(id: string, type: string, object: unknown) {
    return asService(testDb.db, (tx) =>
      tx.query(`select public.apply_stripe_event($1, $2, $3::jsonb)`, [id, type, JSON.stringify(object)]),
    );
  }

  /** One run over the last three days, to a minute from now, with what Stripe listed. */
  function reconcile(intents: Intent[], refunds: Refund[]): Promise<Run> {
    return asService(testDb.db, async (tx) => {
      const { rows } = await tx.query<Run>(
        `select * from public.reconcile_stripe(now() - interval '3 days', now() + interval '1 minute', $1::jsonb, $2::jsonb)`,
        [JSON.stringify(intents), JSON.stringify(refunds)],
      );
      return rows[0]!;
    });
  }

  async function differences(): Promise<Difference[]> {
    const { rows } = await testDb.db.query<Difference>(
      `select id, kind, stripe_id, booking_id, stripe_cents, ledger_cents, resolved_how
       from public.stripe_differences order by stripe_id, found_at`,
    );
    return rows;
  }

  // Stripe: the agreeing payment, one the ledger lacks, one with another amount, a cancelled one, a refund
  // the ledger lacks; not the ledger's third payment nor its refund.
  const stripeIntents = [
    paid('pi_agrees', 50_000),
    paid('pi_onlystripe', 30_000),
    paid('pi_differs', 25_000),
    { id: 'pi_cancelled', status: 'canceled', amount_received: 0, currency: 'aud' },
  ];
  const stripeRefunds = [refunded('re_onlystripe', 'pi_agrees', 2_000)];

  it('records each difference once, with both amounts, and a second run adds nothing', async () => {
    const first = await reconcile(stripeIntents, stripeRefunds);
    expect(first).toEqual({ new_count: 5, open_count: 5, cleared_count: 0 });
    expect(
      (await differences()).map(({ kind, stripe_id, stripe_cents, ledger_cents, booking_id }) => ({
        kind,
        stripe_id,
        stripe_cents,
        ledger_cents,
        booked: booking_id === bookingId,
      })),
    ).toEqual([
      {
        kind: 'amount_differs',
        stripe_id: 'pi_differs',
        stripe_cents: 25_000,
        ledger_cents: 20_000,
        booked: true,
      },
      {
        kind: 'payment_not_in_stripe',
        stripe_id: 'pi_onlyledger',
        stripe_cents: null,
        ledger_cents: 10_000,
        booked: true,
      },
      {
        kind: 'payment_not_in_ledger',
        stripe_id: 'pi_onlystripe',
        stripe_cents: 30_000,
        ledger_cents: null,
        booked: false,
      },
      {
        kind: 'refund_not_in_stripe',
        stripe_id: 're_onlyledger',
        stripe_cents: null,
        ledger_cents: 1_000,
        booked: true,
      },
      {
        kind: 'refund_not_in_ledger',
        stripe_id: 're_onlystripe',
        stripe_cents: 2_000,
        ledger_cents: null,
        booked: true,
      },
    ]);
    const second = await reconcile(stripeIntents, stripeRefunds);
    expect(second).toEqual({ new_count: 0, open_count: 5, cleared_count: 0 });
    expect(await differences()).toHaveLength(5);
    const overview = await asAdmin(testDb.db, (tx) =>
      tx.query<{ stripe_differences_open: number }>(
        `select stripe_differences_open from public.admin_overview()`,
      ),
    );
    expect(overview.rows[0]!.stripe_differences_open).toBe(5);
  });

  it('clears a difference that has gone: the webhook records the payment Stripe had', async () => {
    await webhook('evt_late', 'checkout.session.completed', {
      id: 'cs_late',
      amount_total: 30_000,
      currency: 'aud',
      metadata: { booking_id: bookingId, purpose: 'balance' },
      payment_intent: 'pi_onlystripe',
      payment_status: 'paid',
    });
    expect(await reconcile(stripeIntents, stripeRefunds)).toEqual({
      new_count: 0,
      open_count: 4,
      cleared_count: 1,
    });
    const cleared = (await differences()).find((d) => d.stripe_id === 'pi_onlystripe');
    expect(cleared?.resolved_how).toBe('cleared');
  });

  it("keeps an admin's 'Mark resolved' (audited) while the amounts stay the same, and only admins may mark", async () => {
    const open = (await differences()).find((d) => d.stripe_id === 'pi_onlyledger')!;
    expect(
      await refusal(
        asMember(testDb.db, (tx) => tx.query(`select public.resolve_stripe_difference($1)`, [open.id])),
      ),
    ).toMatchObject({
      code: '42501',
    });
    const marked = await asAdmin(testDb.db, (tx) =>
      tx.query<{ resolved_how: string }>(`select resolved_how from public.resolve_stripe_difference($1)`, [
        open.id,
      ]),
    );
    expect(marked.rows[0]!.resolved_how).toBe('marked');
    expect(
      await refusal(
        asAdmin(testDb.db, (tx) => tx.query(`select public.resolve_stripe_difference($1)`, [open.id])),
      ),
    ).toMatchObject({ code: 'P0002' });
    const audit = await testDb.db.query<{ entity_noun: string }>(
      `select entity_noun from public.audit_log where entity = 'stripe_differences' and entity_id = $1`,
      [open.id],
    );
    expect(audit.rows).toEqual([{ entity_noun: 'Stripe difference' }]);
    expect(await reconcile(stripeIntents, stripeRefunds)).toEqual({
      new_count: 0,
      open_count: 3,
      cleared_count: 0,
    });
  });

  it('sees no difference for a refund that gave back the card surcharge with the payment (decision 0096)', async () => {
    // A card payment of $100 with its $1.20 surcharge on top, refunded in full in Stripe's Dashboard.
    await testDb.db.query(
      `insert into public.payments (booking_id, method, amount_cents, surcharge_cents, reference, received_on,
                                    stripe_payment_intent)
       values ($1, 'card', 10000, 120, 'Card payment', private.sydney_today(), 'pi_surcharged')`,
      [bookingId],
    );
    await webhook('evt_re_surcharged', 'refund.created', refunded('re_surcharged', 'pi_surcharged', 10_120));
    const split = await testDb.db.query(
      `select amount_cents, surcharge_cents from public.payment_refunds where stripe_refund_id = 're_surcharged'`,
    );
    expect(split.rows).toEqual([{ amount_cents: 10_000, surcharge_cents: 120 }]);
    await reconcile(
      [...stripeIntents, paid('pi_surcharged', 10_120)],
      [...stripeRefunds, refunded('re_surcharged', 'pi_surcharged', 10_120)],
    );
    // Both sides agree: Stripe's $101.20 each way is the ledger's amount and surcharge together.
    expect((await differences()).filter((d) => d.stripe_id.endsWith('_surcharged'))).toEqual([]);
  });

  it('refuses what is not a window and lists of Stripe objects', async () => {
    const call = (from: string, to: string, intents: unknown, refunds: unknown) =>
      refusal(
        asService(testDb.db, (tx) =>
          tx.query(`select public.reconcile_stripe($1::timestamptz, $2::timestamptz, $3::jsonb, $4::jsonb)`, [
            from,
            to,
            JSON.stringify(intents),
            JSON.stringify(refunds),
          ]),
        ),
      );
    const now = new Date().toISOString();
    expect(await call(now, now, [], [])).toMatchObject({ code: '22023' });
    expect(await call('2026-01-01', now, {}, [])).toMatchObject({ code: '22023' });
    expect(
      await call('2026-01-01', now, [{ id: 'ch_1', amount_received: 1, currency: 'aud' }], []),
    ).toMatchObject({
      code: '22023',
    });
    expect(await call('2026-01-01', now, [], [{ id: 're_1', currency: 'aud' }])).toMatchObject({
      code: '22023',
    });
  });
});
