import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dollarsToCents,
  lowStockThresholdProblem,
  memberDiscountProblem,
  productDescriptionProblem,
  productNameProblem,
  productPriceProblem,
  productSlug,
  sizeProblem,
  stockProblem,
} from '../../../src/lib/rules/store.ts';
import { optionalValue } from '../../../src/lib/rules/index.ts';
import { insertFixtures } from './fixtures.ts';
import { messageOf } from './message-of.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule, one place (decision 0092): for each boundary value, the CHECKs of products, product_variants and
// store_settings store what /admin/merchandise's forms would save exactly when src/lib/rules/store.ts accepts
// what was typed. Each write is an admin's, through the API's role, and rolled back.
const T_SHIRT = 'c1000000-0000-4000-8000-000000000001';

const LINES = (max: number) => [
  '',
  ' ',
  'x',
  ' x ',
  'x'.repeat(max),
  'x'.repeat(max + 1),
  '𝒳'.repeat(max),
  '𝒳'.repeat(max + 1),
  'a\tb',
  'a\u0085b',
];
const DESCRIPTIONS = ['', 'Two lines\nof text', 'a\tb', 'x'.repeat(2000), 'x'.repeat(2001), 'a\u0007b'];
const PRICES = [
  '',
  '0',
  '0.00',
  '0.01',
  '24.99',
  '$24.99',
  '1,200',
  '10000',
  '10000.00',
  '10000.01',
  '24.999',
  '-5',
  'ten',
  '1e3',
];
const WHOLES = ['', '0', '1', '5', '50', '51', '1000', '1001', '100000', '100001', '-1', '2.5', '1e2', ' 7 '];
const NAMES = ['Haunted Horizons Mug', 'Ouija Board Mug (Large)', 'Café Noir', '!!!', 'x'.repeat(200)];

describe.each(DATABASE_KINDS)('store rules agree with the database on $name', (kind) => {
  let testDb: TestDatabase;
  const ok = async (sql: string, params: unknown[]) =>
    (await messageOf(testDb.db, 'admin', sql, params)) === 'ok';
  const product = (name: string, priceCents: number | null, description: string | null = null) =>
    ok(
      `insert into public.products (slug, name, description, price_cents) values ('rules-agree', $1, $2, $3)`,
      [name, description, priceCents],
    );

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it.each(LINES(80))('the product name %j', async (value) => {
    expect(await product(value.trim(), 2000)).toBe(productNameProblem(value) === undefined);
  });
  it.each(DESCRIPTIONS)('the description %j', async (value) => {
    expect(await product('Mug', 2000, optionalValue(value))).toBe(
      productDescriptionProblem(value) === undefined,
    );
  });
  it.each(PRICES)('the price %j', async (value) => {
    // A price the form refuses as text is sent as 0 cents, to show the database refuses the number too.
    const cents = dollarsToCents(value);
    expect(await product('Mug', cents ?? 0)).toBe(productPriceProblem(value) === undefined);
  });
  it.each(LINES(20))('the size %j', async (value) => {
    expect(
      await ok(`insert into public.product_variants (product_id, size, stock) values ($1, $2, 1)`, [
        T_SHIRT,
        value.trim(),
      ]),
    ).toBe(sizeProblem(value) === undefined);
  });
  it.each(WHOLES)('the stock %j', async (value) => {
    const number = /^\d+$/.test(value.trim()) ? Number(value.trim()) : -1;
    expect(
      await ok(`insert into public.product_variants (product_id, size, stock) values ($1, 'XXXL', $2)`, [
        T_SHIRT,
        number,
      ]),
    ).toBe(stockProblem(value) === undefined);
  });
  it.each(WHOLES)('the member discount %j', async (value) => {
    const number = /^\d+$/.test(value.trim()) ? Number(value.trim()) : -1;
    expect(await ok(`update public.store_settings set member_discount_percent = $1`, [number])).toBe(
      memberDiscountProblem(value) === undefined,
    );
  });
  it.each(WHOLES)('the low-stock level %j', async (value) => {
    const number = /^\d+$/.test(value.trim()) ? Number(value.trim()) : -1;
    expect(await ok(`update public.store_settings set low_stock_threshold = $1`, [number])).toBe(
      lowStockThresholdProblem(value) === undefined,
    );
  });
  it.each(NAMES)('the address made from the name %j', async (name) => {
    const { rows } = await testDb.db.query<{ ok: boolean }>(`select private.is_slug($1) as ok`, [
      productSlug(name),
    ]);
    expect(rows[0]!.ok).toBe(true);
  });
});
