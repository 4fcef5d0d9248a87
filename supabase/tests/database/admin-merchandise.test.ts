import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { claimsOf, ID, insertFixtures } from './fixtures.ts';
import { messageOf } from './message-of.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// /admin/merchandise in the database (migration 20261204100001, decision 0092): stock moves by a signed amount
// under the row's lock, so sales made while an admin's screen was open are never overwritten; refusals are
// in words and change nothing; the overview counts sizes low on stock; pictures may be uploaded files; and
// every change an admin makes to the catalogue and its settings lands in the audit log.

const T_SHIRT = 'c1000000-0000-4000-8000-000000000001';
const T_SHIRT_S = 'c2000000-0000-4000-8000-000000000001';
const T_SHIRT_XL = 'c2000000-0000-4000-8000-000000000004';
const MISSING = 'c2000000-0000-4000-8000-0000000000ff';

describe.each(DATABASE_KINDS)('admin merchandise on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const stockOf = async (variant: string) =>
    (
      await testDb.db.query<{ stock: number }>(`select stock from public.product_variants where id = $1`, [
        variant,
      ])
    ).rows[0]!.stock;
  /** adjust_variant_stock as the admin, committed, as one API request. */
  const adjust = (variant: string, change: number) =>
    withClaims(testDb.db, claimsOf('admin'), async (tx) => {
      const { rows } = await tx.query<{ stock: number }>(
        `select public.adjust_variant_stock($1, $2) as stock`,
        [variant, change],
      );
      return rows[0]!.stock;
    });
  const adjustMessage = (change: unknown, variant = T_SHIRT_S, actor: 'admin' | 'member' = 'admin') =>
    messageOf(testDb.db, actor, `select public.adjust_variant_stock($1, $2)`, [variant, change]);

  describe('adjust_variant_stock', () => {
    it('adds and takes off stock, answering what is on the shelf now', async () => {
      const before = await stockOf(T_SHIRT_S);
      expect(await adjust(T_SHIRT_S, 8)).toBe(before + 8);
      expect(await adjust(T_SHIRT_S, -8)).toBe(before);
      expect(await stockOf(T_SHIRT_S)).toBe(before);
    });

    it('refuses in words, and changes nothing', async () => {
      const before = await stockOf(T_SHIRT_S);
      expect(await adjustMessage(0)).toBe('enter how many to add or take off, such as 12 or -3');
      expect(await adjustMessage(null)).toBe('enter how many to add or take off, such as 12 or -3');
      expect(await adjustMessage(-(before + 1))).toBe(
        `only ${before} on the shelf: you can take off at most ${before}`,
      );
      expect(await adjustMessage(100001)).toBe('a stock change is at most 100,000 either way');
      expect(await adjustMessage(100000)).toBe(`a size holds at most 100,000: ${before} on the shelf now`);
      expect(await adjustMessage(1, MISSING)).toBe('that size no longer exists');
      expect(await adjustMessage(5, T_SHIRT_S, 'member')).toBe('only admins can change stock');
      expect(await stockOf(T_SHIRT_S)).toBe(before);
    });

    it('takes a size to exactly nothing', async () => {
      await testDb.db.query(`update public.product_variants set stock = 3 where id = $1`, [T_SHIRT_XL]);
      expect(await adjust(T_SHIRT_XL, -3)).toBe(0);
      expect(await adjust(T_SHIRT_XL, 6)).toBe(6);
    });

    it('keeps every sale made while admins add stock at the same moment', async () => {
      // 30 sales of one each (an order takes stock as `stock = stock - n where stock >= n`) race 10 deliveries
      // of +2, starting from 10 on the shelf: on PostgreSQL they run on the pool's connections at once.
      await testDb.db.query(`update public.product_variants set stock = 10 where id = $1`, [T_SHIRT_S]);
      const sale = () =>
        withClaims(testDb.db, claimsOf('member'), async (tx) => {
          await tx.query(`set local role postgres`);
          const { rows } = await tx.query(
            `update public.product_variants set stock = stock - 1 where id = $1 and stock >= 1 returning stock`,
            [T_SHIRT_S],
          );
          return rows.length;
        });
      const results = await Promise.all([
        ...Array.from({ length: 30 }, () => sale().then((sold) => ({ sold, added: 0 }))),
        ...Array.from({ length: 10 }, () => adjust(T_SHIRT_S, 2).then(() => ({ sold: 0, added: 2 }))),
      ]);
      const sold = results.reduce((sum, r) => sum + r.sold, 0);
      const added = results.reduce((sum, r) => sum + r.added, 0);
      expect(added).toBe(20);
      expect(sold).toBeGreaterThanOrEqual(10);
      expect(await stockOf(T_SHIRT_S)).toBe(10 + added - sold);
    });
  });

  describe("the overview's low stock", () => {
    it('counts the sizes of visible products at or under the threshold, for admins only', async () => {
      const low = () =>
        runAs(testDb.db, 'admin', async (tx) => {
          const { rows } = await tx.query<{ threshold: number; low_sizes: number }>(
            `select low_stock_threshold as threshold, low_stock_sizes as low_sizes from public.admin_overview()`,
          );
          return rows;
        });
      await testDb.db.query(`update public.product_variants set stock = 12 where product_id = $1`, [T_SHIRT]);
      await testDb.db.query(`update public.product_variants set stock = 5 where id = $1`, [T_SHIRT_XL]);
      await testDb.db.query(`update public.product_variants set stock = 0 where id = $1`, [T_SHIRT_S]);
      expect(await low()).toEqual([{ threshold: 5, low_sizes: 2 }]);
      await testDb.db.query(`update public.store_settings set low_stock_threshold = 4`);
      expect(await low()).toEqual([{ threshold: 4, low_sizes: 1 }]);
      // A hidden product is not sold, so its sizes are not a warning.
      await testDb.db.query(`update public.products set visible = false where id = $1`, [T_SHIRT]);
      expect(await low()).toEqual([{ threshold: 4, low_sizes: 0 }]);
      await testDb.db.query(`update public.products set visible = true where id = $1`, [T_SHIRT]);
      await testDb.db.query(`update public.store_settings set low_stock_threshold = 5`);
      expect(
        await messageOf(testDb.db, 'member', `select low_stock_sizes from public.admin_overview()`),
      ).toBe('only an admin can read the overview');
    });
  });

  describe('pictures', () => {
    it.each([
      ['/images/store/t-shirt.svg', true],
      [`${ID.admin}/1764400000000.png`, true],
      [`${ID.admin}/1764400000000.webp`, true],
      [`${ID.admin}/../secret.png`, false],
      [`${ID.admin}/1764400000000.svg`, false],
      ['https://example.com/a.png', false],
    ])('%s is a picture a product may show: %s', async (path, accepted) => {
      const message = await messageOf(
        testDb.db,
        'admin',
        `update public.products set image_path = $1 where id = $2`,
        [path, T_SHIRT],
      );
      expect(message === 'ok').toBe(accepted);
    });
  });

  describe('the audit log', () => {
    it('records an admin’s changes to products, sizes, stock and the store’s settings', async () => {
      const logged = await runAs(testDb.db, 'admin', async (tx) => {
        const { rows: made } = await tx.query<{ id: string }>(
          `insert into public.products (slug, name, price_cents) values ('audit-mug', 'Audit Mug', 1800) returning id`,
        );
        const product = made[0]!.id;
        const { rows: sized } = await tx.query<{ id: string }>(
          `insert into public.product_variants (product_id, size, stock) values ($1, 'Large', 4) returning id`,
          [product],
        );
        await tx.query(`select public.adjust_variant_stock($1, 6)`, [sized[0]!.id]);
        await tx.query(`update public.products set visible = true, price_cents = 2000 where id = $1`, [
          product,
        ]);
        await tx.query(
          `update public.store_settings set member_discount_percent = 15, low_stock_threshold = 3`,
        );
        const { rows } = await tx.query(
          `select entity_noun, entity_label, action, before, after from public.audit_log
           where entity in ('products', 'product_variants', 'store_settings') and at >= now() order by at, id`,
        );
        return rows;
      });
      expect(logged).toEqual([
        expect.objectContaining({ entity_noun: 'product', entity_label: 'Audit Mug', action: 'insert' }),
        expect.objectContaining({ entity_noun: 'size', entity_label: 'Large', action: 'insert' }),
        expect.objectContaining({
          entity_noun: 'size',
          action: 'update',
          before: { stock: 4 },
          after: { stock: 10 },
        }),
        expect.objectContaining({
          entity_noun: 'product',
          action: 'update',
          before: { visible: false, price_cents: 1800 },
          after: { visible: true, price_cents: 2000 },
        }),
        expect.objectContaining({
          entity_noun: 'store settings',
          entity_label: null,
          action: 'update',
          before: { member_discount_percent: 10, low_stock_threshold: 5 },
          after: { member_discount_percent: 15, low_stock_threshold: 3 },
        }),
      ]);
    });

    it('does not log a sale: stock a member’s order takes is not an admin’s change', async () => {
      const rows = await runAs(testDb.db, 'member', async (tx) => {
        await tx.query(`set local role postgres`);
        await tx.query(`update public.product_variants set stock = stock - 1 where id = $1`, [T_SHIRT_XL]);
        const { rows } = await tx.query(
          `select 1 from public.audit_log where entity = 'product_variants' and at >= now()`,
        );
        return rows;
      });
      expect(rows).toEqual([]);
    });
  });
});
