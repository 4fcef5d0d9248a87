import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  type ServiceClient,
} from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { DataError, loaderOf } from '../../../lib/supabase/data';
import {
  fetchOrder,
  fetchOrders,
  markOrderCollected,
  markOrderPacked,
  markOrderPaid,
  markOrderShipped,
} from './orders.data';

// /admin/store's calls with the real supabase-js against the local stack (decision 0094): the list in one
// call, one order with its lines, buyer and timeline, the steps and their refusals in words, and a member
// calling the same endpoints gets nowhere.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const STICKERS = 'c2000000-0000-4000-8000-000000000006';

let stack: TestStack;
let service: ServiceClient;
let admin: BrowserSupabase;
let member: BrowserSupabase;

async function placeOrder(
  delivery: Record<string, string>,
): Promise<{ id: string; number: string; total: number }> {
  const priced = await member.rpc('price_cart', { items: [{ variant_id: STICKERS, quantity: 2 }] });
  if (priced.error) throw priced.error;
  const postage = delivery['method'] === 'ship' ? 1200 : 0;
  const total = (priced.data as { total_cents: number }).total_cents + postage;
  const { data, error } = await member
    .rpc('place_order', {
      items: [{ variant_id: STICKERS, quantity: 2 }],
      delivery,
      pay_by: 'bank_transfer',
      expected_total_cents: total,
    })
    .single();
  if (error) throw error;
  const placed = data as { id: string; number: string };
  return { id: placed.id, number: placed.number, total };
}

/** The refusal's words, or 'ok'. */
async function outcome(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
    return 'ok';
  } catch (error) {
    return error instanceof DataError ? error.message : String(error);
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  admin = (await signedInAccount(stack, { email: 'store-admin@example.com', admin: true }))
    .client as BrowserSupabase;
  member = (await signedInAccount(stack, { email: 'store-buyer@example.com', fullName: 'Bea Buyer' }))
    .client as BrowserSupabase;
  await service.from('product_variants').update({ stock: 100 }).eq('id', STICKERS);
});
afterAll(async () => {
  await stack?.close();
});

describe('an admin', () => {
  it('finds an order, takes it through paid, packed and shipped, and reads its timeline', async () => {
    const order = await placeOrder({
      method: 'ship',
      name: 'Bea Buyer',
      line1: '1 Lych Gate Lane',
      suburb: 'Hobart',
      state: 'TAS',
      postcode: '7000',
    });
    const list = await fetchOrders({ search: order.number }, loaderOf(admin));
    expect(list).toMatchObject({
      total: 1,
      rows: [
        { number: order.number, buyer_name: 'Bea Buyer', buyer_email: 'store-buyer@example.com', items: 2 },
      ],
    });
    expect((await fetchOrders({ search: order.number, pay: 'card' }, loaderOf(admin))).total).toBe(0);

    expect(await outcome(markOrderPacked(order.id, loaderOf(admin)))).toBe(
      `Order ${order.number} is not paid yet: mark it paid when the transfer arrives.`,
    );
    expect(await outcome(markOrderPaid(order.id, order.total - 1, loaderOf(admin)))).toMatch(
      /record the payment when the whole total has arrived/,
    );
    await markOrderPaid(order.id, order.total, loaderOf(admin));
    await markOrderPacked(order.id, loaderOf(admin));
    expect(await outcome(markOrderCollected(order.id, loaderOf(admin)))).toBe(
      `Order ${order.number} is posted, not picked up: mark it shipped with its tracking number.`,
    );
    await markOrderShipped(
      order.id,
      { trackingNumber: 'AP123456789AU', carrier: 'Australia Post' },
      loaderOf(admin),
    );

    const record = await fetchOrder(order.id, loaderOf(admin));
    expect(record).toMatchObject({
      order: { state: 'shipped', tracking_number: 'AP123456789AU', carrier: 'Australia Post' },
      lines: [{ position: 1, name: 'Sticker Pack', quantity: 2 }],
      buyer: { name: 'Bea Buyer', email: 'store-buyer@example.com' },
    });
    expect(record?.steps.map((step) => step.step)).toEqual(['placed', 'paid', 'packed', 'shipped']);
    expect(await fetchOrder('00000000-0000-4000-8000-000000000000', loaderOf(admin))).toBeNull();
  });

  it('makes a pickup order ready, then collected', async () => {
    const order = await placeOrder({ method: 'pickup' });
    await markOrderPaid(order.id, order.total, loaderOf(admin));
    await markOrderPacked(order.id, loaderOf(admin));
    await markOrderCollected(order.id, loaderOf(admin));
    const record = await fetchOrder(order.id, loaderOf(admin));
    expect(record?.order.state).toBe('shipped');
    expect(record?.steps.map((step) => step.step)).toEqual(['placed', 'paid', 'packed', 'collected']);
  });
});

describe('a member', () => {
  it('can neither list orders nor take a step, even on their own order', async () => {
    const order = await placeOrder({ method: 'pickup' });
    expect(await outcome(fetchOrders({}, loaderOf(member)))).toBe('only an admin can list orders');
    expect(await outcome(fetchOrder(order.id, loaderOf(member)))).toBe('only an admin can read an order');
    expect(await outcome(markOrderPaid(order.id, order.total, loaderOf(member)))).toBe(
      'only an admin can change an order',
    );
  });
});
