import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures, type Actor } from './fixtures.ts';
import { messageOf } from './message-of.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 24 (migration 20261203500001, decision 0086): what a cart costs is computed in Postgres for the caller
// (members get the store's discount, visitors do not; GST is 1/11 of what is paid, half up), a tampered cart
// is refused with a clear message, /store's list follows the departures' live state and the stock, and a
// member's kept cart merges with the browser's at sign-in, capped by stock.

const T_SHIRT = 'c1000000-0000-4000-8000-000000000001';
const T_SHIRT_M = 'c2000000-0000-4000-8000-000000000002';
const T_SHIRT_XL = 'c2000000-0000-4000-8000-000000000004';
const CAP = 'c2000000-0000-4000-8000-000000000005';
const STICKERS = 'c2000000-0000-4000-8000-000000000006';
const SOLD_OUT_EVENT = 'f2000000-0000-4000-8000-0000000000c1';
const OPENS_LATER = 'f2000000-0000-4000-8000-0000000000c2';
const NO_PRICE = 'f2000000-0000-4000-8000-0000000000c3';
const PAST = 'f2000000-0000-4000-8000-0000000000c4';

interface PricedCart {
  lines: {
    variant_id: string;
    name: string;
    size: string | null;
    quantity: number;
    unit_price_cents: number;
    unit_discount_cents: number;
    line_total_cents: number;
    gst_cents: number;
  }[];
  discount_percent: number;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  gst_cents: number;
}

const line = (variantId: string, quantity: unknown) => ({ variant_id: variantId, quantity });

describe.each(DATABASE_KINDS)('the store on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await testDb.db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date, price_cents, max_registrations,
                                 bookings_open_on) values
        ('${SOLD_OUT_EVENT}', 'store-sold-out', 'Sold out', 'published', private.sydney_today() + 30, private.sydney_today() + 32, 50000, 2, null),
        ('${OPENS_LATER}', 'store-opens', 'Opens later', 'published', private.sydney_today() + 90, private.sydney_today() + 92, 50000, 10, private.sydney_today() + 5),
        ('${NO_PRICE}', 'store-no-price', 'No price yet', 'published', private.sydney_today() + 90, private.sydney_today() + 92, null, 10, null),
        ('${PAST}', 'store-past', 'Past', 'published', private.sydney_today() - 5, private.sydney_today() - 3, 50000, 10, null);
      insert into public.bookings (event_id, user_id, invoice_number, travellers, total_cents, deposit_cents, status)
      values ('${SOLD_OUT_EVENT}', '${ID.member}', 'ST-1', 2, 0, 0, 'confirmed');
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const price = (actor: Actor, items: unknown) =>
    runAs(testDb.db, actor, async (tx) => {
      const { rows } = await tx.query<{ cart: PricedCart }>(`select public.price_cart($1::jsonb) as cart`, [
        JSON.stringify(items),
      ]);
      return rows[0]!.cart;
    });
  const refusal = (actor: Actor, items: unknown) =>
    messageOf(testDb.db, actor, `select public.price_cart($1::jsonb)`, [JSON.stringify(items)]);

  describe('price_cart', () => {
    it('prices a visitor’s cart at the shelf price, GST included', async () => {
      const cart = await price('visitor', [line(T_SHIRT_M, 2), line(CAP, 1)]);
      expect(cart).toMatchObject({
        discount_percent: 0,
        subtotal_cents: 7000,
        discount_cents: 0,
        total_cents: 7000,
        gst_cents: 636, // 7000 / 11 = 636.36…
      });
      expect(cart.lines).toMatchObject([
        {
          variant_id: T_SHIRT_M,
          size: 'M',
          quantity: 2,
          unit_price_cents: 2500,
          line_total_cents: 5000,
          gst_cents: 455,
        },
        {
          variant_id: CAP,
          size: null,
          quantity: 1,
          unit_price_cents: 2000,
          line_total_cents: 2000,
          gst_cents: 182,
        },
      ]);
    });

    it('gives a signed-in member the store’s discount on every line', async () => {
      const cart = await price('member', [line(T_SHIRT_M, 2), line(CAP, 1), line(STICKERS, 3)]);
      expect(cart).toMatchObject({
        discount_percent: 10,
        subtotal_cents: 9400,
        discount_cents: 940,
        total_cents: 8460,
        gst_cents: 769, // 8460 / 11 = 769.09…
      });
      expect(cart.lines.map((l) => [l.unit_discount_cents, l.line_total_cents, l.gst_cents])).toEqual([
        [250, 4500, 409],
        [200, 1800, 164],
        [80, 2160, 196],
      ]);
    });

    it('rounds a discount and GST to the nearest cent, half up, and follows the admin’s percent', async () => {
      await testDb.db.exec(`update public.store_settings set member_discount_percent = 15;
                            update public.products set price_cents = 2499 where id = '${T_SHIRT}'`);
      try {
        const cart = await price('member', [line(T_SHIRT_M, 1)]);
        // 15% of 2499 is 374.85: 375 off, 2124 paid, of which 2124 / 11 = 193.09… is GST.
        expect(cart.lines[0]).toMatchObject({
          unit_discount_cents: 375,
          line_total_cents: 2124,
          gst_cents: 193,
        });
        expect(cart.total_cents).toBe(2124);
      } finally {
        await testDb.db.exec(`update public.store_settings set member_discount_percent = 10;
                              update public.products set price_cents = 2500 where id = '${T_SHIRT}'`);
      }
    });

    it('adds up the same item sent twice', async () => {
      const cart = await price('visitor', [line(T_SHIRT_M, 1), line(T_SHIRT_M, 2)]);
      expect(cart.lines).toHaveLength(1);
      expect(cart.lines[0]).toMatchObject({ quantity: 3, line_total_cents: 7500 });
    });

    it('refuses a tampered quantity, an unknown item, more than the stock and a malformed cart', async () => {
      expect(await refusal('member', [line(T_SHIRT_M, 0)])).toBe(
        'each quantity must be a whole number of at least 1',
      );
      expect(await refusal('member', [line(T_SHIRT_M, -2)])).toBe(
        'each quantity must be a whole number of at least 1',
      );
      expect(await refusal('member', [line(T_SHIRT_M, 1.5)])).toBe(
        'each quantity must be a whole number of at least 1',
      );
      expect(await refusal('member', [line(T_SHIRT_M, '2')])).toBe(
        'each quantity must be a whole number of at least 1',
      );
      expect(await refusal('member', [line(T_SHIRT_M, 21)])).toBe(
        'you can buy at most 20 of Haunted Horizons T-shirt (M) at once',
      );
      expect(await refusal('member', [line(T_SHIRT_M, 12), line(T_SHIRT_M, 9)])).toBe(
        'you can buy at most 20 of Haunted Horizons T-shirt (M) at once',
      );
      expect(await refusal('member', [line(T_SHIRT_XL, 7)])).toBe(
        'only 6 of Haunted Horizons T-shirt (XL) left',
      );
      expect(await refusal('visitor', [line('c2000000-0000-4000-8000-0000000000ff', 1)])).toBe(
        'an item in your cart is no longer in the store: remove it and try again',
      );
      expect(await refusal('visitor', [{ variant_id: 'x', quantity: 1 }])).toBe(
        'each item in the cart needs the id of what is bought',
      );
      expect(await refusal('visitor', { variant_id: CAP, quantity: 1 })).toBe(
        'the cart must be a list of items',
      );
      expect(
        await refusal(
          'visitor',
          Array.from({ length: 51 }, () => line(CAP, 1)),
        ),
      ).toBe('a cart holds at most 50 different items');
    });

    it('refuses a sold-out size and a hidden product, whoever asks', async () => {
      await testDb.db.exec(`update public.product_variants set stock = 0 where id = '${T_SHIRT_XL}'`);
      await testDb.db.exec(`update public.products set visible = false where id = '${T_SHIRT}'`);
      try {
        expect(await refusal('visitor', [line(CAP, 1), line(T_SHIRT_M, 1)])).toBe(
          'an item in your cart is no longer in the store: remove it and try again',
        );
        expect(await refusal('admin', [line(T_SHIRT_M, 1)])).toBe(
          'an item in your cart is no longer in the store: remove it and try again',
        );
        await testDb.db.exec(`update public.products set visible = true where id = '${T_SHIRT}'`);
        expect(await refusal('member', [line(T_SHIRT_XL, 1)])).toBe(
          'Haunted Horizons T-shirt (XL) is sold out',
        );
      } finally {
        await testDb.db.exec(`update public.products set visible = true where id = '${T_SHIRT}';
                              update public.product_variants set stock = 6 where id = '${T_SHIRT_XL}'`);
      }
    });

    it('prices an empty cart at nothing', async () => {
      expect(await price('member', [])).toMatchObject({ lines: [], total_cents: 0, gst_cents: 0 });
    });
  });

  describe('store_items', () => {
    const items = (actor: Actor) =>
      runAs(testDb.db, actor, async (tx) => {
        const { rows } = await tx.query<{ kind: string; id: string; status: string; variants: unknown }>(
          `select kind, id, status, variants from public.store_items()`,
        );
        return rows;
      });

    it('lists departures on sale with their status, then merchandise with stock per size', async () => {
      const rows = await items('visitor');
      const status = Object.fromEntries(rows.map((row) => [row.id, row.status]));
      expect(status[ID.published]).toBeDefined();
      expect(status[SOLD_OUT_EVENT]).toBe('sold-out');
      expect(status[OPENS_LATER]).toBe('coming-soon');
      expect(status[NO_PRICE]).toBe('coming-soon');
      expect(status[PAST]).toBeUndefined();
      expect(status[ID.draft]).toBeUndefined();
      const kinds = rows.map((row) => row.kind);
      expect(kinds.lastIndexOf('event')).toBeLessThan(kinds.indexOf('merch'));
      const shirt = rows.find((row) => row.id === T_SHIRT);
      expect(shirt?.status).toBe('available');
      expect(shirt?.variants).toEqual([
        { id: 'c2000000-0000-4000-8000-000000000001', size: 'S', stock: 12 },
        { id: T_SHIRT_M, size: 'M', stock: 20 },
        { id: 'c2000000-0000-4000-8000-000000000003', size: 'L', stock: 15 },
        { id: T_SHIRT_XL, size: 'XL', stock: 6 },
      ]);
    });

    it('says sold out when no size is in stock, and leaves out hidden merchandise, even for an admin', async () => {
      await testDb.db.exec(`update public.product_variants set stock = 0 where id = '${CAP}'`);
      await testDb.db.exec(`update public.products set visible = false where id = '${T_SHIRT}'`);
      try {
        const rows = await items('admin');
        expect(rows.find((row) => row.id === 'c1000000-0000-4000-8000-000000000002')?.status).toBe(
          'sold-out',
        );
        expect(rows.find((row) => row.id === T_SHIRT)).toBeUndefined();
      } finally {
        await testDb.db.exec(`update public.product_variants set stock = 25 where id = '${CAP}';
                              update public.products set visible = true where id = '${T_SHIRT}'`);
      }
    });
  });

  describe('a member’s kept cart', () => {
    const merge = (items: unknown, before = '') =>
      runAs(testDb.db, 'member', async (tx) => {
        if (before) await tx.query(before);
        const { rows } = await tx.query<{ variant_id: string; quantity: number }>(
          `select variant_id, quantity from public.merge_cart($1::jsonb)`,
          [JSON.stringify(items)],
        );
        return rows.map((row) => [row.variant_id, row.quantity]);
      });

    it('adds the browser’s cart to the kept one at sign-in, capped by stock and by 20', async () => {
      const before = `insert into public.cart_items (variant_id, quantity) values ('${T_SHIRT_M}', 15), ('${T_SHIRT_XL}', 4)`;
      expect(await merge([line(T_SHIRT_M, 10), line(T_SHIRT_XL, 5), line(CAP, 2)], before)).toEqual([
        [T_SHIRT_M, 20],
        [T_SHIRT_XL, 6],
        [CAP, 2],
      ]);
    });

    it('drops what is no longer sold or out of stock', async () => {
      await testDb.db.exec(`update public.product_variants set stock = 0 where id = '${CAP}'`);
      try {
        const unknown = 'c2000000-0000-4000-8000-0000000000ff';
        expect(await merge([line(CAP, 1), line(STICKERS, 2), line(unknown, 1)])).toEqual([[STICKERS, 2]]);
      } finally {
        await testDb.db.exec(`update public.product_variants set stock = 25 where id = '${CAP}'`);
      }
    });

    it('saves the browser’s cart as the kept one, and refuses a visitor', async () => {
      const kept = await runAs(testDb.db, 'member', async (tx) => {
        await tx.query(
          `insert into public.cart_items (variant_id, quantity) values ('${T_SHIRT_M}', 1), ('${CAP}', 1)`,
        );
        await tx.query(`select public.save_cart($1::jsonb)`, [
          JSON.stringify([line(CAP, 3), line(STICKERS, 1)]),
        ]);
        const { rows } = await tx.query<{ variant_id: string; quantity: number }>(
          `select variant_id, quantity from public.cart_items order by variant_id`,
        );
        return rows.map((row) => [row.variant_id, row.quantity]);
      });
      expect(kept).toEqual([
        [CAP, 3],
        [STICKERS, 1],
      ]);
      expect(await messageOf(testDb.db, 'visitor', `select public.merge_cart('[]'::jsonb)`)).toMatch(
        /permission denied/,
      );
      expect(await messageOf(testDb.db, 'visitor', `select public.save_cart('[]'::jsonb)`)).toMatch(
        /permission denied/,
      );
    });
  });
});
