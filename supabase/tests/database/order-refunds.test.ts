import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { claimsOf, ID, insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Refunds of store orders (issue 24, migration 20261206001001, decision 0097): refund_order refunds part or
// all of what is left (admins only; unpaid, expired, too much or no reason refused in words), a bank
// transfer order's refund is made at once, a card order's waits for the stripe-refund function's two calls;
// two admins at once cannot refund more than the order; the items go back on the shelf once and only while
// unshipped; an order refunded in full or restocked cannot be packed or sent; the webhook records a refund
// made in Stripe once; the member is e-mailed once per refund made. Each case commits on its own order, as
// the API's separate requests would. Who may call what is in admin-matrix/order-refunds.ts.

const STICKERS = 'c2000000-0000-4000-8000-000000000006';
let counter = 0;

const asAdmin = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) => withClaims(db, claimsOf('admin'), fn);
const asService = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) =>
  withClaims(db, { role: 'service_role' }, fn);

interface Refund {
  id: string;
  amount_cents: number;
  method: string;
  state: string;
  stripe_refund_id: string | null;
  failure: string | null;
  stock_returned: boolean;
}

interface Order {
  id: string;
  number: string;
  intent: string | null;
}

async function refusal(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return `${code} ${message}`;
  }
  throw new Error('not refused');
}

describe.each(DATABASE_KINDS)('order refunds on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** A $26.40 order of two sticker packs (their stock taken), in the state and paid the way given. */
  async function order(payBy: 'card' | 'bank_transfer', state = 'paid', delivery = 'ship'): Promise<Order> {
    counter += 1;
    const intent = payBy === 'card' && state !== 'awaiting_payment' ? `pi_orderrefund${counter}` : null;
    const ship = delivery === 'ship';
    const { rows } = await db().query<Order>(
      `insert into public.orders (number, user_id, state, pay_by, delivery, ship_name, ship_line1, ship_suburb,
                                  ship_state, ship_postcode, discount_percent, subtotal_cents, discount_cents,
                                  shipping_cents, total_cents, gst_cents, expires_at, paid_at, packed_at,
                                  shipped_at, tracking_number, stripe_payment_intent)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 10, 1600, 160, $11, $12, $13, now() + interval '1 day',
               case when $3 in ('paid', 'packed', 'shipped') then now() end,
               case when $3 in ('packed', 'shipped') then now() end,
               case when $3 = 'shipped' then now() end,
               case when $3 = 'shipped' and $5 = 'ship' then 'AB1234' end, $14)
       returning id, number, stripe_payment_intent as intent`,
      [
        `S93${String(counter).padStart(4, '0')}`,
        ID.member,
        state,
        payBy,
        delivery,
        ship ? 'Mia Member' : null,
        ship ? '12 Lantern Street' : null,
        ship ? 'Hobart' : null,
        ship ? 'TAS' : null,
        ship ? '7000' : null,
        ship ? 1200 : 0,
        ship ? 2640 : 1440,
        ship ? 240 : 131,
        intent,
      ],
    );
    const placed = rows[0]!;
    await db().query(
      `insert into public.order_lines (order_id, position, variant_id, name, quantity, unit_price_cents,
                                       unit_discount_cents, line_total_cents, gst_cents)
       values ($1, 1, $2, 'Sticker Pack', 2, 800, 80, 1440, 131)`,
      [placed.id, STICKERS],
    );
    await db().query(`update public.product_variants set stock = stock - 2 where id = $1`, [STICKERS]);
    return placed;
  }

  const refund = (orderId: string, amount: number | null, reason: string | null, returnStock = false) =>
    asAdmin(db(), (tx) =>
      tx
        .query<Refund>(`select * from public.refund_order($1, $2, $3, $4)`, [
          orderId,
          amount,
          reason,
          returnStock,
        ])
        .then((r) => r.rows[0]!),
    );
  const settle = (refundId: string, stripeRefund: unknown, failure: string | null = null) =>
    asService(db(), (tx) =>
      tx
        .query<Refund>(`select * from public.settle_order_refund($1, $2::jsonb, $3)`, [
          refundId,
          stripeRefund === null ? null : JSON.stringify(stripeRefund),
          failure,
        ])
        .then((r) => r.rows[0]!),
    );
  const webhook = (type: string, object: unknown) =>
    asService(db(), (tx) =>
      tx
        .query<{ result: string; detail: string | null }>(
          `select result, detail from public.apply_stripe_event($1, $2, $3::jsonb)`,
          [`evt_orderrefund${(counter += 1)}`, type, JSON.stringify(object)],
        )
        .then((r) => r.rows[0]!),
    );
  const refundsOf = async (orderId: string) =>
    (
      await db().query<Refund>(`select * from public.order_refunds where order_id = $1 order by created_at`, [
        orderId,
      ])
    ).rows;
  const leftOf = async (orderId: string) =>
    (await db().query<{ n: number }>(`select private.order_refundable_cents($1) as n`, [orderId])).rows[0]!.n;
  const mailsAbout = async (number: string) =>
    (
      await db().query<{ subject: string; body: string }>(
        `select subject, body from private.outbound_mail where subject = $1 order by created_at`,
        [`Refund for order ${number}`],
      )
    ).rows;
  const stock = async () =>
    (
      await db().query<{ stock: number }>(`select stock from public.product_variants where id = $1`, [
        STICKERS,
      ])
    ).rows[0]!.stock;

  it('refunds a bank transfer order in part, then all that is left, made at once and e-mailed each time', async () => {
    const o = await order('bank_transfer');
    const part = await refund(o.id, 1000, '  One pack arrived torn  ');
    expect(part).toMatchObject({
      amount_cents: 1000,
      method: 'bank_transfer',
      state: 'made',
      stock_returned: false,
    });
    expect(await leftOf(o.id)).toBe(1640);
    const rest = await refund(o.id, null, 'Goodwill');
    expect(rest.amount_cents).toBe(1640);
    expect(await leftOf(o.id)).toBe(0);
    const mails = await mailsAbout(o.number);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.body).toContain(`We've refunded $10.00 to your bank account for order ${o.number}.`);
    expect(mails[0]!.body).toContain('Reason: One pack arrived torn');
    expect(mails[1]!.body).toContain(`We've refunded $16.40 to your bank account for order ${o.number}.`);
    expect(await refusal(refund(o.id, 1, 'Again'))).toBe(
      `22023 Order ${o.number} has been refunded in full.`,
    );
    // Refunded in full and unshipped: nothing to pack.
    expect(
      await refusal(asAdmin(db(), (tx) => tx.query(`select public.mark_order_packed($1)`, [o.id]))),
    ).toBe(`55000 Order ${o.number} is refunded in full: nothing to pack.`);
  });

  it('refuses in words, changing nothing: a member, unpaid or expired orders, too much, no reason', async () => {
    const o = await order('bank_transfer');
    const unpaid = await order('bank_transfer', 'awaiting_payment');
    const expired = await order('bank_transfer', 'expired');
    const asMember = withClaims(db(), claimsOf('member'), (tx) =>
      tx.query(`select public.refund_order($1, 100, 'Mine')`, [o.id]),
    );
    expect(await refusal(asMember)).toBe('42501 only an admin can refund an order');
    expect(await refusal(refund(unpaid.id, 100, 'x'))).toBe(
      `55000 Order ${unpaid.number} is not paid yet: there is nothing to refund.`,
    );
    expect(await refusal(refund(expired.id, 100, 'x'))).toBe(
      `55000 Order ${expired.number} expired unpaid: there is nothing to refund.`,
    );
    expect(await refusal(refund(o.id, 2641, 'x'))).toBe(
      `22023 That is more than is left to refund on order ${o.number} ($26.40).`,
    );
    expect(await refusal(refund(o.id, 0, 'x'))).toBe('22023 A refund is at least $0.01.');
    expect(await refusal(refund(o.id, 100, '   '))).toBe('22023 Say why the money is going back.');
    expect(await refusal(refund(o.id, 100, 'x'.repeat(301)))).toBe(
      '22023 Keep the reason to 300 characters.',
    );
    expect(await refundsOf(o.id)).toEqual([]);
    expect(await mailsAbout(o.number)).toEqual([]);
  });

  it("makes a card order's refund through the function's two calls, e-mailing once; a refusal gives the amount back", async () => {
    const o = await order('card');
    const asked = await refund(o.id, 500, 'Late delivery');
    expect(asked).toMatchObject({ method: 'card', state: 'requested', stripe_refund_id: null });
    expect(await mailsAbout(o.number)).toEqual([]);
    const waiting = await asService(db(), (tx) =>
      tx.query(`select * from public.order_refunds_to_make($1)`, [asked.id]).then((r) => r.rows),
    );
    expect(waiting).toEqual([
      {
        id: asked.id,
        order_id: o.id,
        payment_intent: o.intent,
        amount_cents: 500,
        currency: 'AUD',
        reason: 'Late delivery',
      },
    ]);
    const stripeRefund = {
      id: `re_order${counter}`,
      amount: 500,
      payment_intent: o.intent,
      status: 'succeeded',
    };
    expect(await settle(asked.id, stripeRefund)).toMatchObject({
      state: 'made',
      stripe_refund_id: stripeRefund.id,
    });
    // A repeat answers the row as it is and sends nothing more; the webhook's report of it is already recorded.
    expect((await settle(asked.id, stripeRefund)).state).toBe('made');
    expect((await webhook('refund.created', stripeRefund)).result).toBe('refund_already_recorded');
    const mails = await mailsAbout(o.number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`We've refunded $5.00 to your card for order ${o.number}.`);
    // A refund Stripe refuses is kept in its words, and its amount is refundable again.
    const refused = await refund(o.id, null, 'The rest');
    expect(await leftOf(o.id)).toBe(0);
    expect(
      await settle(refused.id, null, 'Stripe refused the refund: Charge already refunded.'),
    ).toMatchObject({
      state: 'failed',
      failure: 'Stripe refused the refund: Charge already refunded.',
    });
    expect(await leftOf(o.id)).toBe(2140);
    // Stripe's answer must be the refund asked for.
    const another = await refund(o.id, 100, 'Check');
    expect(await refusal(settle(another.id, { ...stripeRefund, id: 're_wrongamount', amount: 99 }))).toBe(
      "22023 Stripe's refund is not the one asked for",
    );
  });

  it('lets two admins refunding at once take no more than the order', async () => {
    const o = await order('bank_transfer');
    const results = await Promise.allSettled([
      refund(o.id, 2000, 'First admin'),
      refund(o.id, 2000, 'Second admin'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected')!;
    expect((rejected.reason as Error).message).toBe(
      `That is more than is left to refund on order ${o.number} ($6.40).`,
    );
    expect((await refundsOf(o.id)).map((r) => r.amount_cents)).toEqual([2000]);
  });

  it('puts the items back on the shelf once, only while unshipped, and then nothing is packed or sent', async () => {
    const o = await order('bank_transfer');
    const before = await stock();
    const first = await refund(o.id, 500, 'Changed their mind', true);
    expect(first.stock_returned).toBe(true);
    expect(await stock()).toBe(before + 2);
    expect(await refusal(refund(o.id, 500, 'Again', true))).toBe(
      `55000 Order ${o.number}'s items are already back on the shelf.`,
    );
    await refund(o.id, 500, 'More goodwill');
    expect(await stock()).toBe(before + 2);
    expect(
      await refusal(asAdmin(db(), (tx) => tx.query(`select public.mark_order_packed($1)`, [o.id]))),
    ).toBe(`55000 Order ${o.number} was refunded and its items went back on the shelf: nothing to pack.`);
    const shipped = await order('card', 'shipped');
    const collected = await order('bank_transfer', 'shipped', 'pickup');
    expect(await refusal(refund(shipped.id, 100, 'Lost', true))).toBe(
      `55000 Order ${shipped.number} is already shipped: its items cannot go back on the shelf.`,
    );
    expect(await refusal(refund(collected.id, 100, 'Faulty', true))).toBe(
      `55000 Order ${collected.number} is already collected: its items cannot go back on the shelf.`,
    );
    // A shipped order may still be refunded, without restocking.
    expect((await refund(shipped.id, null, 'Lost in the post')).amount_cents).toBe(2640);
  });

  it("records a refund made in Stripe's Dashboard once, and settles a requested one the webhook reports first", async () => {
    const o = await order('card', 'packed');
    const dashboard = { id: `re_dash${counter}`, amount: 700, payment_intent: o.intent, status: 'succeeded' };
    expect(await webhook('refund.created', { ...dashboard, status: 'pending' })).toMatchObject({
      result: 'refund_pending',
    });
    expect((await webhook('refund.updated', dashboard)).result).toBe('refund_recorded');
    expect((await webhook('refund.updated', dashboard)).result).toBe('refund_already_recorded');
    expect(await refundsOf(o.id)).toMatchObject([
      { amount_cents: 700, method: 'card', state: 'made', stripe_refund_id: dashboard.id },
    ]);
    const asked = await refund(o.id, 300, 'Goodwill');
    const reported = {
      id: `re_first${counter}`,
      amount: 300,
      payment_intent: o.intent,
      status: 'succeeded',
      metadata: { order_refund_id: asked.id },
    };
    expect((await webhook('refund.created', reported)).result).toBe('refund_recorded');
    expect(await settle(asked.id, reported)).toMatchObject({ state: 'made', stripe_refund_id: reported.id });
    expect(await refundsOf(o.id)).toHaveLength(2);
    expect(await mailsAbout(o.number)).toHaveLength(2);
    // More than was left, refunded in the Dashboard: recorded (the money is gone) and flagged.
    const tooMuch = { id: `re_over${counter}`, amount: 5000, payment_intent: o.intent, status: 'succeeded' };
    expect(await webhook('refund.created', tooMuch)).toEqual({
      result: 'needs_attention',
      detail: `Order ${o.number} was refunded in Stripe more than was left to refund: check its refunds.`,
    });
    expect(await leftOf(o.id)).toBe(0);
  });

  it("counts an order's card refund in the reconciliation", async () => {
    const o = await order('card');
    const asked = await refund(o.id, 400, 'Reconcile');
    const stripeRefund = {
      id: `re_recon${counter}`,
      amount: 400,
      payment_intent: o.intent,
      status: 'succeeded',
    };
    await settle(asked.id, stripeRefund);
    const reconcile = (refunds: unknown[]) =>
      asService(db(), (tx) =>
        tx.query(
          `select * from public.reconcile_stripe(now() - interval '3 days', now() + interval '1 minute', '[]'::jsonb,
                                                 $1::jsonb)`,
          [JSON.stringify(refunds)],
        ),
      );
    const differences = async () =>
      (
        await db().query<{ kind: string }>(
          `select kind from public.stripe_differences where stripe_id = $1 and resolved_at is null`,
          [stripeRefund.id],
        )
      ).rows.map((r) => r.kind);
    await reconcile([{ ...stripeRefund, currency: 'aud' }]);
    expect(await differences()).toEqual([]);
    await reconcile([{ ...stripeRefund, currency: 'aud', amount: 450 }]);
    expect(await differences()).toEqual(['amount_differs']);
  });

  it('sweeps order refunds left waiting every 10 minutes', async () => {
    const { rows } = await db().query<{ schedule: string; command: string }>(
      `select schedule, command from cron.job where jobname = 'order-refunds-sweep'`,
    );
    expect(rows).toEqual([{ schedule: '*/10 * * * *', command: 'select private.wake_order_refunds()' }]);
  });
});
