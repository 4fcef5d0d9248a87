import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAccount, visitorClient } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import { loaderOf, type LoadClient } from '../../lib/supabase/data';
import { cartRefusal, mergeCart, priceCart, saveCart } from './cart.data';

/** The caller's rows of public.cart_items, as row-level security lets them read. */
async function keptCart(client: LoadClient) {
  const { data, error } = await (
    await client()
  )
    .from('cart_items')
    .select('variant_id, quantity')
    .order('variant_id');
  if (error) throw error;
  return data.map((row) => ({ variantId: row.variant_id, quantity: row.quantity }));
}

// The cart's calls against the real local stack with real supabase-js, as the browser makes them: a visitor
// and a member price the seed's merchandise (members get 10% off), and each member's kept cart is theirs
// alone (row-level security on public.cart_items), merged at sign-in and saved after each change.

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const SHIRT_M = 'c2000000-0000-4000-8000-000000000002';
const SHIRT_XL = 'c2000000-0000-4000-8000-000000000004';
const CAP = 'c2000000-0000-4000-8000-000000000005';

let stack: TestStack;
let visitor: LoadClient;
let member: LoadClient;
let other: LoadClient;
let memberId: string;

beforeAll(async () => {
  stack = await startTestStack();
  visitor = loaderOf(visitorClient(stack));
  const first = await signedInAccount(stack, { email: 'cart-member@example.org' });
  member = loaderOf(first.client);
  memberId = first.id;
  other = loaderOf((await signedInAccount(stack, { email: 'cart-other@example.org' })).client);
});
afterAll(async () => {
  await stack?.close();
});

describe('priceCart', () => {
  it('prices a visitor’s cart at the shelf price and a member’s with the discount, GST included', async () => {
    const lines = [
      { variantId: SHIRT_M, quantity: 2 },
      { variantId: CAP, quantity: 1 },
    ];
    expect(await priceCart(lines, visitor)).toMatchObject({
      discount_percent: 0,
      total_cents: 7000,
      gst_cents: 636,
    });
    expect(await priceCart(lines, member)).toMatchObject({
      discount_percent: 10,
      discount_cents: 700,
      total_cents: 6300,
      gst_cents: 573,
    });
  });

  it('passes on the database’s words when it cannot price a line', async () => {
    const error = await priceCart([{ variantId: SHIRT_XL, quantity: 9 }], visitor).catch((e: unknown) => e);
    expect(cartRefusal(error)).toBe('only 6 of Haunted Horizons T-shirt (XL) left');
  });
});

describe('a member’s kept cart', () => {
  it('merges the browser’s cart at sign-in, saves each change, and shows it to nobody else', async () => {
    await saveCart([{ variantId: SHIRT_M, quantity: 1 }], member);
    expect(
      await mergeCart(
        [
          { variantId: SHIRT_M, quantity: 2 },
          { variantId: CAP, quantity: 1 },
        ],
        member,
      ),
    ).toEqual([
      { variantId: SHIRT_M, quantity: 3 },
      { variantId: CAP, quantity: 1 },
    ]);
    await saveCart([{ variantId: CAP, quantity: 4 }], member);
    expect(await keptCart(member)).toEqual([{ variantId: CAP, quantity: 4 }]);
    expect(await keptCart(other)).toEqual([]);
    const client = await other();
    // Another member can neither change nor remove the member's lines, nor add to the member's cart.
    const changed = await client.from('cart_items').update({ quantity: 9 }).eq('variant_id', CAP).select();
    expect(changed.data).toEqual([]);
    const removed = await client.from('cart_items').delete().eq('variant_id', CAP).select();
    expect(removed.data).toEqual([]);
    expect(await keptCart(member)).toEqual([{ variantId: CAP, quantity: 4 }]);
    const forged = await client
      .from('cart_items')
      .insert({ user_id: memberId, variant_id: SHIRT_M, quantity: 1 });
    expect(forged.error?.code).toBe('42501');
    expect(await keptCart(member)).toEqual([{ variantId: CAP, quantity: 4 }]);
  });

  it('keeps no cart for a visitor', async () => {
    const error = await mergeCart([{ variantId: CAP, quantity: 1 }], visitor).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '42501' });
    const read = await (await visitor()).from('cart_items').select('variant_id');
    expect(read.error?.code).toBe('42501');
  });
});
