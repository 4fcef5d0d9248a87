import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addMembers, memberId } from './booking-fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 24's checkout (migrations 20261204000001-02, decision 0091): place_order prices the cart as
// price_cart does, adds postage, refuses a tampered cart or total and a bad address with words, takes the
// stock atomically (the last item raced for by many members: one order), unpaid orders expire and give their
// stock back, and the webhook marks a card order paid once. Each order here is committed, as the API would.

const T_SHIRT_M = 'c2000000-0000-4000-8000-000000000002';
const T_SHIRT_XL = 'c2000000-0000-4000-8000-000000000004';
const CAP = 'c2000000-0000-4000-8000-000000000005';
const STICKERS = 'c2000000-0000-4000-8000-000000000006';
const BUYER = memberId(1);
const RACERS = Array.from({ length: 12 }, (_, i) => i + 10);

const ADDRESS = {
  method: 'ship',
  name: 'Mia Member',
  line1: '12 Lantern Street',
  suburb: 'Hobart',
  state: 'TAS',
  postcode: '7000',
};
const PICKUP = { method: 'pickup' };

interface Order {
  id: string;
  number: string;
  state: string;
  pay_by: string;
  delivery: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  gst_cents: number;
  minutes: number;
}

const line = (variantId: string, quantity: unknown) => ({ variant_id: variantId, quantity });

/** Places an order as the member, committed; rejects with the database's error. */
function placeAs(
  db: Database,
  userId: string,
  items: unknown,
  delivery: unknown,
  payBy: string,
  expectedTotal: number | null,
): Promise<Order> {
  return withClaims(db, { sub: userId, role: 'authenticated', aud: 'authenticated' }, async (tx) => {
    const { rows } = await tx.query<Order>(
      `select *, round(extract(epoch from expires_at - placed_at) / 60)::int as minutes
       from public.place_order($1::jsonb, $2::jsonb, $3, $4)`,
      [JSON.stringify(items), JSON.stringify(delivery), payBy, expectedTotal],
    );
    return rows[0]!;
  });
}

/** The words of a refusal, with its SQLSTATE. */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return `${code} ${message}`;
  }
  throw new Error('not refused');
}

async function stockOf(db: Queryable, variant: string): Promise<number> {
  const { rows } = await db.query<{ stock: number }>(
    `select stock from public.product_variants where id = $1`,
    [variant],
  );
  return rows[0]!.stock;
}

let eventCounter = 0;
function applyEvent(db: Database, type: string, object: Record<string, unknown>): Promise<string> {
  return withClaims(db, { role: 'service_role' }, async (tx) => {
    const { rows } = await tx.query<{ result: string }>(
      `select result from public.apply_stripe_event($1, $2, $3::jsonb)`,
      [`evt_order${(eventCounter += 1)}`, type, JSON.stringify(object)],
    );
    return rows[0]!.result;
  });
}

const session = (order: Order, extra: Record<string, unknown>) => ({
  id: `cs_test_order_${order.number}`,
  object: 'checkout.session',
  amount_total: order.total_cents,
  currency: 'aud',
  client_reference_id: order.id,
  metadata: { order_id: order.id },
  ...extra,
});

describe.each(DATABASE_KINDS)('store orders on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await addMembers(testDb.db, [1, 2, ...RACERS]);
    // The seed's bank details (supabase/seed.sql) are what the bank transfer e-mail gives.
  });
  afterAll(async () => {
    await testDb?.dispose();
  });
  beforeEach(async () => {
    // Each case starts with no order waiting (at most three may wait per member).
    await db().exec(`select private.expire_store_orders(now() + interval '1 year')`);
  });

  describe('placing an order', () => {
    it('prices a posted bank transfer order as price_cart does, adds postage, takes the stock and e-mails the bank details', async () => {
      const before = await stockOf(db(), T_SHIRT_M);
      await db().query(`insert into public.cart_items (user_id, variant_id, quantity) values ($1, $2, 2)`, [
        BUYER,
        T_SHIRT_M,
      ]);
      // Members' $25.00 T-shirt: 10% off is $22.50 each, $45.00; postage $12.00; GST is 1/11 of $57.00.
      const order = await placeAs(db(), BUYER, [line(T_SHIRT_M, 2)], ADDRESS, 'bank_transfer', 5700);
      expect(order).toMatchObject({
        state: 'awaiting_payment',
        pay_by: 'bank_transfer',
        delivery: 'ship',
        subtotal_cents: 5000,
        discount_cents: 500,
        shipping_cents: 1200,
        total_cents: 5700,
        gst_cents: 518,
        minutes: 7 * 24 * 60,
      });
      expect(order.number).toMatch(/^S\d{6}$/);
      expect(await stockOf(db(), T_SHIRT_M)).toBe(before - 2);
      const { rows: lines } = await db().query(
        `select position, name, size, quantity, unit_price_cents, unit_discount_cents, line_total_cents, gst_cents
         from public.order_lines where order_id = $1`,
        [order.id],
      );
      expect(lines).toEqual([
        {
          position: 1,
          name: 'Haunted Horizons T-shirt',
          size: 'M',
          quantity: 2,
          unit_price_cents: 2500,
          unit_discount_cents: 250,
          line_total_cents: 4500,
          gst_cents: 409,
        },
      ]);
      const { rows: mail } = await db().query<{ subject: string; body: string }>(
        `select subject, body from private.outbound_mail where recipient = 'booker1@fixture.test'`,
      );
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe(`Order ${order.number} received: please pay by bank transfer`);
      expect(mail[0]!.body).toContain('2 x Haunted Horizons T-shirt (M) at $22.50: $45.00');
      expect(mail[0]!.body).toContain('Postage: $12.00\nTotal: $57.00\nIncludes GST of $5.18');
      expect(mail[0]!.body).toContain(`BSB: 062-000\nAccount number: 12345678\nReference: ${order.number}`);
      expect(mail[0]!.body).toContain('12 Lantern Street\nHobart TAS 7000');
      // The member's kept cart is empty once ordered.
      const { rows: cart } = await db().query(`select 1 from public.cart_items where user_id = $1`, [BUYER]);
      expect(cart).toEqual([]);
    });

    it('charges no postage for pickup', async () => {
      const order = await placeAs(db(), BUYER, [line(STICKERS, 1)], PICKUP, 'bank_transfer', 720);
      expect(order).toMatchObject({ delivery: 'pickup', shipping_cents: 0, total_cents: 720, gst_cents: 65 });
    });

    it('refuses a tampered cart, total or choice in words, and changes nothing', async () => {
      const stock = await stockOf(db(), T_SHIRT_XL);
      const { rows: before } = await db().query<{ n: number }>(
        `select count(*)::int as n from public.orders`,
      );
      const place = (
        items: unknown,
        delivery: unknown = PICKUP,
        payBy = 'bank_transfer',
        total: number | null = 2250,
      ) => refusal(placeAs(db(), BUYER, items, delivery, payBy, total));
      // A price the page never showed: the database's total wins and nothing is ordered.
      expect(await place([line(T_SHIRT_XL, 1)], PICKUP, 'bank_transfer', 1)).toBe(
        '22023 The total has changed to $22.50. Please check your order and place it again.',
      );
      expect(await place([line(T_SHIRT_XL, 1)], PICKUP, 'bank_transfer', null)).toMatch(
        /^22023 The total has changed/,
      );
      expect(await place([line(T_SHIRT_XL, 0)])).toBe(
        '22023 each quantity must be a whole number of at least 1',
      );
      expect(await place([line(T_SHIRT_XL, -1)])).toBe(
        '22023 each quantity must be a whole number of at least 1',
      );
      expect(await place([line(T_SHIRT_XL, 1.5)])).toBe(
        '22023 each quantity must be a whole number of at least 1',
      );
      expect(await place([line(T_SHIRT_XL, '1')])).toBe(
        '22023 each quantity must be a whole number of at least 1',
      );
      expect(await place([line(T_SHIRT_XL, 21)])).toBe(
        '22023 you can buy at most 20 of Haunted Horizons T-shirt (XL) at once',
      );
      expect(await place([line(T_SHIRT_XL, stock + 1)])).toBe(
        `22023 only ${stock} of Haunted Horizons T-shirt (XL) left`,
      );
      expect(await place([])).toBe('22023 Your cart is empty.');
      expect(await place([line(T_SHIRT_XL, 1)], { method: 'drone' })).toBe(
        '22023 Please choose postage or pickup.',
      );
      expect(await place([line(T_SHIRT_XL, 1)], PICKUP, 'cash')).toBe(
        '22023 Please choose to pay by card or by bank transfer.',
      );
      expect(await place([line(T_SHIRT_XL, 1)], PICKUP, 'card')).toBe(
        '55000 Card payments are not available. Please pay by bank transfer.',
      );
      expect(await place([line(T_SHIRT_XL, 1)], { ...ADDRESS, state: 'VIC' }, 'bank_transfer', 3450)).toBe(
        '22023 Postcode 7000 is not in VIC. Please check the postcode and the state.',
      );
      expect(await place([line(T_SHIRT_XL, 1)], { ...ADDRESS, postcode: '700' }, 'bank_transfer', 3450)).toBe(
        '22023 A postcode is four digits, e.g. 2000.',
      );
      expect(await place([line(T_SHIRT_XL, 1)], { ...ADDRESS, name: ' ' }, 'bank_transfer', 3450)).toBe(
        '22023 The name must be one line of 100 characters or fewer.',
      );
      expect(await place([line(T_SHIRT_XL, 1)], { ...ADDRESS, state: 'Tassie' }, 'bank_transfer', 3450)).toBe(
        '22023 Please choose the state or territory.',
      );
      // A visitor cannot order at all.
      expect(
        await refusal(
          withClaims(db(), { role: 'anon' }, (tx) =>
            tx.query(`select public.place_order($1::jsonb, $2::jsonb, 'bank_transfer', 2250)`, [
              JSON.stringify([line(T_SHIRT_XL, 1)]),
              JSON.stringify(PICKUP),
            ]),
          ),
        ),
      ).toMatch(/^42501 permission denied for function place_order/);
      expect(await stockOf(db(), T_SHIRT_XL)).toBe(stock);
      const { rows: after } = await db().query<{ n: number }>(`select count(*)::int as n from public.orders`);
      expect(after).toEqual(before);
    });

    it('refuses what the table’s checks would not hold, even from the service role', async () => {
      const { rows } = await db().query<{ id: string }>(
        `select id from public.orders where user_id = $1 and delivery = 'ship' limit 1`,
        [BUYER],
      );
      const id = rows[0]!.id;
      for (const change of [
        `update public.orders set total_cents = 1`,
        `update public.orders set gst_cents = 0`,
        `update public.orders set ship_postcode = '3000'`,
        `update public.orders set state = 'paid'`,
        `update public.order_lines set unit_price_cents = 1`,
        `update public.order_lines set quantity = quantity + 1`,
      ]) {
        const where = change.includes('order_lines') ? `order_id = '${id}'` : `id = '${id}'`;
        expect(await refusal(db().query(`${change} where ${where}`))).toMatch(/^23514 /);
      }
    });

    it('lets a member have three orders waiting for payment at most', async () => {
      const cheap = () => placeAs(db(), memberId(2), [line(STICKERS, 1)], PICKUP, 'bank_transfer', 720);
      await cheap();
      await cheap();
      await cheap();
      expect(await refusal(cheap())).toBe(
        '55000 You have three orders waiting for payment. Please pay for one, or wait for it to expire, before ordering again.',
      );
    });
  });

  describe('the last item', () => {
    it('goes to one of twelve members ordering it at once; the others are told it has sold', async () => {
      await db().query(`update public.product_variants set stock = 1 where id = $1`, [CAP]);
      const outcomes = await Promise.allSettled(
        RACERS.map((n) => placeAs(db(), memberId(n), [line(CAP, 1)], PICKUP, 'bank_transfer', 1800)),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const messages = outcomes.flatMap((o) =>
        o.status === 'rejected'
          ? [`${(o.reason as { code: string }).code} ${(o.reason as Error).message}`]
          : [],
      );
      expect(messages).toHaveLength(RACERS.length - 1);
      // Who lost while the winner was still taking it is told it has just sold; who came after, sold out.
      for (const message of messages) {
        expect([
          '22023 Sorry, Haunted Horizons Cap has just sold out: someone else bought the last one. Please take it out of your cart.',
          '22023 Haunted Horizons Cap is sold out',
        ]).toContain(message);
      }
      expect(await stockOf(db(), CAP)).toBe(0);
      const { rows } = await db().query<{ n: number }>(
        `select count(*)::int as n from public.order_lines l where l.variant_id = $1`,
        [CAP],
      );
      expect(rows[0]!.n).toBe(1);
    });
  });

  describe('expiry', () => {
    it('expires an unpaid bank transfer order after its days and returns its stock', async () => {
      const before = await stockOf(db(), STICKERS);
      const order = await placeAs(db(), BUYER, [line(STICKERS, 3)], PICKUP, 'bank_transfer', 2160);
      expect(await stockOf(db(), STICKERS)).toBe(before - 3);
      const run = async (at: string) =>
        (
          await db().query<{ n: number }>(`select private.expire_store_orders(now() + $1::interval) as n`, [
            at,
          ])
        ).rows[0]!.n;
      expect(await run('6 days 23 hours')).toBe(0);
      expect(await stockOf(db(), STICKERS)).toBe(before - 3);
      expect(await run('7 days 1 minute')).toBe(1);
      expect(await stockOf(db(), STICKERS)).toBe(before);
      expect(await run('8 days')).toBe(0);
      expect(await stockOf(db(), STICKERS)).toBe(before);
      const { rows } = await db().query(`select state from public.orders where id = $1`, [order.id]);
      expect(rows).toEqual([{ state: 'expired' }]);
    });
  });

  describe('paying by card', () => {
    beforeAll(async () => {
      await db().exec(`update private.card_payment_settings set enabled = true`);
    });
    afterAll(async () => {
      await db().exec(`update private.card_payment_settings set enabled = false`);
    });

    it('holds a card order for 35 minutes and lets only its member ask to pay it', async () => {
      const order = await placeAs(db(), BUYER, [line(STICKERS, 1)], PICKUP, 'card', 720);
      expect(order).toMatchObject({ pay_by: 'card', minutes: 35 });
      const ask = (userId: string) =>
        withClaims(db(), { sub: userId, role: 'authenticated', aud: 'authenticated' }, async (tx) => {
          const { rows } = await tx.query<{ total_cents: number }>(
            `select total_cents from public.order_to_pay_by_card($1)`,
            [order.id],
          );
          return rows[0]!.total_cents;
        });
      expect(await ask(BUYER)).toBe(720);
      expect(await refusal(ask(memberId(2)))).toBe('P0002 no such order');
      // No e-mail until it is paid.
      const { rows } = await db().query(`select 1 from private.outbound_mail where subject like $1`, [
        `Order ${order.number}%`,
      ]);
      expect(rows).toEqual([]);
    });

    it('marks the order paid once from the webhook and e-mails the confirmation', async () => {
      const order = await placeAs(db(), BUYER, [line(T_SHIRT_M, 1)], ADDRESS, 'card', 3450);
      const paid = session(order, {
        payment_intent: 'pi_order1',
        payment_status: 'paid',
        status: 'complete',
      });
      expect(await applyEvent(db(), 'checkout.session.completed', paid)).toBe('recorded');
      expect(await applyEvent(db(), 'checkout.session.completed', paid)).toBe('already_recorded');
      const { rows } = await db().query(
        `select state, stripe_payment_intent, paid_at is not null as paid from public.orders where id = $1`,
        [order.id],
      );
      expect(rows).toEqual([{ state: 'paid', stripe_payment_intent: 'pi_order1', paid: true }]);
      const { rows: mail } = await db().query<{ subject: string; body: string }>(
        `select subject, body from private.outbound_mail where subject like $1`,
        [`Order ${order.number}%`],
      );
      expect(mail.map((m) => m.subject)).toEqual([`Order ${order.number} confirmed: thank you`]);
      expect(mail[0]!.body).toContain('we have received your payment of $34.50');
      expect(mail[0]!.body).toContain('1 x Haunted Horizons T-shirt (M) at $22.50: $22.50');
      expect(mail[0]!.body).toContain('Includes GST of $3.14');
      // The expiry job leaves a paid order alone.
      await db().exec(`select private.expire_store_orders(now() + interval '1 year')`);
      const { rows: after } = await db().query(`select state from public.orders where id = $1`, [order.id]);
      expect(after).toEqual([{ state: 'paid' }]);
    });

    it('expires the order and returns its stock when its Checkout Session expires', async () => {
      const before = await stockOf(db(), STICKERS);
      const order = await placeAs(db(), BUYER, [line(STICKERS, 2)], PICKUP, 'card', 1440);
      expect(await stockOf(db(), STICKERS)).toBe(before - 2);
      const expired = session(order, { payment_status: 'unpaid', status: 'expired' });
      expect(await applyEvent(db(), 'checkout.session.expired', expired)).toBe('hold_released');
      expect(await stockOf(db(), STICKERS)).toBe(before);
      // Stripe delivering it again (a new event id) finds nothing left to release.
      expect(await applyEvent(db(), 'checkout.session.expired', expired)).toBe('nothing_to_release');
      expect(await stockOf(db(), STICKERS)).toBe(before);
    });

    it('takes the stock again for a payment that arrives after the order expired, or flags it when it has sold', async () => {
      await db().query(`update public.product_variants set stock = 1 where id = $1`, [T_SHIRT_XL]);
      const late = await placeAs(db(), BUYER, [line(T_SHIRT_XL, 1)], PICKUP, 'card', 2250);
      await db().exec(`select private.expire_store_orders(now() + interval '36 minutes')`);
      expect(await stockOf(db(), T_SHIRT_XL)).toBe(1);
      const paid = session(late, { payment_intent: 'pi_order_late', payment_status: 'paid' });
      expect(await applyEvent(db(), 'checkout.session.completed', paid)).toBe('recorded');
      expect(await stockOf(db(), T_SHIRT_XL)).toBe(0);

      await db().query(`update public.product_variants set stock = 1 where id = $1`, [T_SHIRT_XL]);
      const gone = await placeAs(db(), BUYER, [line(T_SHIRT_XL, 1)], PICKUP, 'card', 2250);
      await db().exec(`select private.expire_store_orders(now() + interval '36 minutes')`);
      await placeAs(db(), memberId(2), [line(T_SHIRT_XL, 1)], PICKUP, 'bank_transfer', 2250);
      const tooLate = session(gone, { payment_intent: 'pi_order_gone', payment_status: 'paid' });
      expect(await applyEvent(db(), 'checkout.session.completed', tooLate)).toBe('needs_attention');
      expect(await stockOf(db(), T_SHIRT_XL)).toBe(0);
      const { rows } = await db().query(
        `select o.state, e.detail from public.orders o join public.stripe_events e on e.object_id = $2
         where o.id = $1`,
        [gone.id, tooLate.id],
      );
      expect(rows).toEqual([
        {
          state: 'paid',
          detail: `Order ${gone.number} was paid after it expired and its items have sold since: refund it or restock.`,
        },
      ]);
    });

    it('flags a payment for an amount other than the order’s', async () => {
      const order = await placeAs(db(), BUYER, [line(STICKERS, 1)], PICKUP, 'card', 720);
      const odd = session(order, {
        amount_total: 100,
        payment_intent: 'pi_order_odd',
        payment_status: 'paid',
      });
      expect(await applyEvent(db(), 'checkout.session.completed', odd)).toBe('needs_attention');
      const { rows } = await db().query<{ detail: string }>(
        `select detail from public.stripe_events where object_id = $1`,
        [odd.id],
      );
      expect(rows[0]!.detail).toBe(
        `Order ${order.number} was paid an amount other than its total: check the card payment.`,
      );
    });
  });
});
