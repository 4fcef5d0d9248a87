import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  type ServiceClient,
  type VisitorClient,
} from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { loaderOf } from '../../../lib/supabase/data';
import {
  addSize,
  adjustStock,
  createProduct,
  fetchProduct,
  listProducts,
  removeSize,
  renameSize,
  updateProduct,
} from './merchandise.data';
import type { ProductValues } from './merchandise';

// /admin/merchandise's calls with the real supabase-js against the local stack (decision 0092): what an
// admin does, the refusals in words, and that a member calling the same endpoints gets nowhere.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let service: ServiceClient;
let admin: BrowserSupabase;
let member: BrowserSupabase;
let memberStorage: VisitorClient['storage'];
let memberId: string;

const MUG: ProductValues = {
  name: 'Séance Mug 100%',
  description: 'Holds 350 ml.\nDishwasher safe.',
  price_cents: 2495,
  visible: false,
  image_path: null,
};

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  admin = (await signedInAccount(stack, { email: 'merch-admin@example.com', admin: true })).client;
  const account = await signedInAccount(stack, { email: 'merch-member@example.com' });
  member = account.client;
  memberStorage = account.client.storage;
  memberId = account.id;
});
afterAll(async () => {
  await stack?.close();
});

describe('an admin', () => {
  it('creates products whose store address comes from the name, -2 for a second of the same name', async () => {
    const first = await createProduct(MUG, loaderOf(admin));
    const second = await createProduct({ ...MUG, price_cents: 2995 }, loaderOf(admin));
    if (first.outcome !== 'created' || second.outcome !== 'created') throw new Error('not created');
    expect(await fetchProduct(first.id, loaderOf(admin))).toMatchObject({
      ...MUG,
      slug: 'seance-mug-100',
      variants: [],
    });
    expect(await fetchProduct(second.id, loaderOf(admin))).toMatchObject({
      slug: 'seance-mug-100-2',
      price_cents: 2995,
    });

    // The search's % matches itself only; the filter tells shown from hidden.
    const found = await listProducts({ q: '100%', filter: 'hidden' }, loaderOf(admin));
    expect(found.rows.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    expect((await listProducts({ q: '10%0' }, loaderOf(admin))).total).toBe(0);
    expect((await listProducts({ q: '100%', filter: 'visible' }, loaderOf(admin))).total).toBe(0);
    expect(await updateProduct(second.id, { ...MUG, visible: true }, loaderOf(admin))).toEqual({
      outcome: 'saved',
    });
    expect(
      (await listProducts({ q: '100%', filter: 'visible' }, loaderOf(admin))).rows.map((row) => row.id),
    ).toEqual([second.id]);
  });

  it('adds, renames and removes sizes, and changes their stock by a signed amount, refused in words', async () => {
    const made = await createProduct({ ...MUG, name: 'Planchette Tee' }, loaderOf(admin));
    if (made.outcome !== 'created') throw new Error('not created');
    expect(await addSize(made.id, { size: 'M', stock: 3, position: 1 }, loaderOf(admin))).toEqual({
      outcome: 'saved',
    });
    expect(await addSize(made.id, { size: 'L', stock: 0, position: 2 }, loaderOf(admin))).toEqual({
      outcome: 'saved',
    });
    expect(await addSize(made.id, { size: 'M', stock: 1, position: 3 }, loaderOf(admin))).toEqual({
      outcome: 'refused',
      message: 'This product already has that size.',
    });
    const [medium, large] = (await fetchProduct(made.id, loaderOf(admin)))!.variants;
    expect(await renameSize(large!.id, 'M', loaderOf(admin))).toEqual({
      outcome: 'refused',
      message: 'This product already has that size.',
    });
    expect(await renameSize(large!.id, 'XL', loaderOf(admin))).toEqual({ outcome: 'saved' });

    expect(await adjustStock(medium!.id, 12, loaderOf(admin))).toEqual({ outcome: 'adjusted', stock: 15 });
    expect(await adjustStock(medium!.id, -16, loaderOf(admin))).toEqual({
      outcome: 'refused',
      message: 'Only 15 on the shelf: you can take off at most 15.',
    });
    expect(await removeSize(large!.id, loaderOf(admin))).toEqual({ outcome: 'saved' });
    expect((await fetchProduct(made.id, loaderOf(admin)))!.variants).toEqual([
      { id: medium!.id, size: 'M', stock: 15, position: 1 },
    ]);
  });
});

describe('a member', () => {
  it('changes nothing: no product, no stock, no picture in the bucket', async () => {
    expect(await createProduct({ ...MUG, name: 'Sneaky Mug' }, loaderOf(member))).toEqual({
      outcome: 'refused',
      message: 'Only admins can change the store.',
    });
    const { data } = await service.from('product_variants').select('id, stock').limit(1).single();
    expect(await adjustStock(data!.id, 100, loaderOf(member))).toEqual({
      outcome: 'refused',
      message: 'Only admins can change stock.',
    });
    const { data: after } = await service
      .from('product_variants')
      .select('stock')
      .eq('id', data!.id)
      .single();
    expect(after!.stock).toBe(data!.stock);
    const upload = await memberStorage
      .from('product-images')
      .upload(`${memberId}/1.png`, new Blob([new Uint8Array([1])], { type: 'image/png' }));
    expect(upload.error).not.toBeNull();
  });
});
