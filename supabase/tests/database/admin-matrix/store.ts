import type { Queryable } from '../../../local/src/db/types.ts';
import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** The seed's merchandise (supabase/seed.sql): the T-shirt and its size M, the cap's one variant. */
const SEEDED = {
  tShirt: 'c1000000-0000-4000-8000-000000000001',
  tShirtM: 'c2000000-0000-4000-8000-000000000002',
  tShirtL: 'c2000000-0000-4000-8000-000000000003',
  cap: 'c2000000-0000-4000-8000-000000000005',
};
/** A picture an admin uploaded to the product-images bucket (decision 0092). */
const PRODUCT_IMAGE = 'c3000000-0000-4000-8000-000000000001';
/** A product admins have not released yet, and its one variant. */
const HIDDEN = 'c1000000-0000-4000-8000-0000000000f1';
const HIDDEN_VARIANT = 'c2000000-0000-4000-8000-0000000000f1';

async function insertStoreRows(db: Queryable): Promise<void> {
  await db.exec(`
    insert into public.products (id, slug, name, visible, price_cents)
    values ('${HIDDEN}', 'matrix-hoodie', 'Hoodie', false, 6000);
    insert into public.product_variants (id, product_id, size, stock) values ('${HIDDEN_VARIANT}', '${HIDDEN}', null, 5);
    insert into public.cart_items (user_id, variant_id, quantity) values
      ('${ID.member}', '${SEEDED.tShirtM}', 2), ('${ID.other}', '${SEEDED.cap}', 1);
    insert into storage.objects (id, bucket_id, name, owner_id, metadata) values
      ('${PRODUCT_IMAGE}', 'product-images', '${ID.admin}/1700000000000.png', '${ID.admin}', '{"mimetype":"image/png"}');
  `);
}

const CART = (quantity: number) => `'[{"variant_id": "${SEEDED.tShirtM}", "quantity": ${quantity}}]'::jsonb`;

/**
 * The store (issue 24, migration 20261203500001, decision 0086): visible merchandise and the discount for
 * everyone, hidden products and every write for admins only; each member's cart is theirs alone (the admin
 * has none, and sees none). The functions: anyone prices a cart and reads the store; only a signed-in member
 * merges or saves a cart; the helpers are private.
 */
export const STORE_MATRIX: MatrixPart = {
  fixtures: insertStoreRows,
  tables: {
    products: {
      select: [
        `select count(*)::int as n from public.products where id in (${ids(SEEDED.tShirt, HIDDEN)})`,
        [1, 1, 1, 2],
      ],
      insert: [
        `insert into public.products (slug, name, price_cents) values ('matrix-mug', 'Mug', 1500)`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [
        `update public.products set price_cents = 1 where id = '${SEEDED.tShirt}'`,
        ['denied', 0, 0, 1],
      ],
      delete: [`delete from public.products where id = '${HIDDEN}'`, ['denied', 0, 0, 1]],
    },
    product_variants: {
      select: [
        `select count(*)::int as n from public.product_variants where id in (${ids(SEEDED.tShirtM, HIDDEN_VARIANT)})`,
        [1, 1, 1, 2],
      ],
      insert: [
        `insert into public.product_variants (product_id, size, stock) values ('${SEEDED.tShirt}', 'XXL', 1)`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [
        `update public.product_variants set stock = 999 where id = '${SEEDED.tShirtM}'`,
        ['denied', 0, 0, 1],
      ],
      delete: [`delete from public.product_variants where id = '${HIDDEN_VARIANT}'`, ['denied', 0, 0, 1]],
    },
    store_settings: {
      select: [`select count(*)::int as n from public.store_settings`, [1, 1, 1, 1]],
      insert: [
        `insert into public.store_settings (only_row, member_discount_percent) values (true, 20)`,
        ALL_DENIED,
      ],
      update: [`update public.store_settings set member_discount_percent = 20`, ['denied', 0, 0, 1]],
      delete: [`delete from public.store_settings`, ALL_DENIED],
    },
    // The low-stock level (decision 0092): admins change it, as the discount.
    'store_settings (low_stock_threshold)': {
      update: [`update public.store_settings set low_stock_threshold = 3`, ['denied', 0, 0, 1]],
    },
    'store_settings (only_row)': {
      update: [`update public.store_settings set only_row = true`, ALL_DENIED],
    },
    // Pictures of merchandise: anyone reads them (the store shows them), only admins write, each in their
    // own folder.
    'storage.objects (product-images)': {
      select: [`select count(*)::int as n from storage.objects where id = '${PRODUCT_IMAGE}'`, [1, 1, 1, 1]],
      insert: [
        `insert into storage.objects (bucket_id, name, owner_id) values ('product-images', coalesce($1::text, 'anon') || '/2.png', $1::text)`,
        ['rls', 'rls', 'rls', 1],
      ],
      update: [`update storage.objects set metadata = '{}' where id = '${PRODUCT_IMAGE}'`, [0, 0, 0, 1]],
      delete: [`delete from storage.objects where id = '${PRODUCT_IMAGE}'`, [0, 0, 0, 1]],
    },
    cart_items: {
      select: [
        `select count(*)::int as n from public.cart_items where user_id in (${ids(ID.member, ID.other, ID.admin)})`,
        ['denied', 1, 1, 0],
      ],
      insert: [
        `insert into public.cart_items (variant_id, quantity) values ('${SEEDED.tShirtL}', 1)`,
        ['denied', 1, 1, 1],
      ],
      update: [
        `update public.cart_items set quantity = 3 where user_id = '${ID.member}'`,
        ['denied', 1, 0, 0],
      ],
      delete: [`delete from public.cart_items where user_id = '${ID.member}'`, ['denied', 1, 0, 0]],
    },
    // Nobody puts rows in another member's cart, or moves a row to another member.
    'cart_items (user_id)': {
      insert: [
        `insert into public.cart_items (user_id, variant_id, quantity) values ('${ID.other}', '${SEEDED.tShirtL}', 1)`,
        ALL_DENIED,
      ],
      update: [
        `update public.cart_items set user_id = '${ID.other}' where user_id = '${ID.member}'`,
        ALL_DENIED,
      ],
    },
  },
  functions: {
    'store_items()': [
      `select count(*)::int as n from public.store_items() where id in (${ids(SEEDED.tShirt, HIDDEN)})`,
      [1, 1, 1, 1],
    ],
    'price_cart(items)': [
      `select (public.price_cart(${CART(2)}) ->> 'subtotal_cents')::int as n`,
      [5000, 5000, 5000, 5000],
    ],
    'merge_cart(items)': [
      `select count(*)::int as n from public.merge_cart(${CART(1)})`,
      ['denied', 1, 2, 1],
    ],
    'save_cart(items)': [`select public.save_cart(${CART(1)}) as n`, ['denied', 1, 1, 1]],
    // Helpers of the invoker functions above, so callable by their callers (the API exposes only public).
    'private.cart_lines(items)': [
      `select count(*)::int as n from private.cart_lines(${CART(1)})`,
      [1, 1, 1, 1],
    ],
    // /admin/merchandise (decision 0092): admins only, refused in words to anyone else.
    'adjust_variant_stock(variant, change)': [
      `select public.adjust_variant_stock('${SEEDED.tShirtM}', 1) as n`,
      ['denied', 'refused', 'refused', 21],
    ],
    'private.caller_discount_percent()': [`select private.caller_discount_percent() as n`, [0, 10, 10, 10]],
    'private.export_cart_items(member)': [
      `select jsonb_array_length(private.export_cart_items('${ID.member}')) as n`,
      ALL_DENIED,
    ],
  },
};
