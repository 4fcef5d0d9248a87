import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { CheckoutOptions } from '../_shared/checkout.ts';
import { handleStoreCheckout } from './handler.ts';

// The handler's rules in Node: what it refuses before calling anything, the database's refusals passed on in
// its words, and the session it asks Stripe for (the order's total and expiry, never the browser's). The
// browser test (tests/e2e/store-checkout.spec.ts) runs it under Deno against the stack and the Stripe stand-in.

const ORDER = {
  id: '6f1c5a4e-1111-4222-8333-444455556666',
  number: 'S100007',
  total_cents: 5700,
  currency: 'AUD',
  expires_at: '2026-12-04T10:35:00Z',
};

function options(database: Response | null = null, overrides: Partial<CheckoutOptions> = {}) {
  const calls: string[] = [];
  const sessions: { params: Stripe.Checkout.SessionCreateParams; key: string | undefined }[] = [];
  const fetch = (async (url: string | URL | Request) => {
    calls.push(String(url));
    if (String(url).includes('/rpc/')) return database ?? Response.json(ORDER);
    return new Response(null, { status: 204 });
  }) as typeof globalThis.fetch;
  const stripe = {
    checkout: {
      sessions: {
        create: async (params: Stripe.Checkout.SessionCreateParams, request?: Stripe.RequestOptions) => {
          sessions.push({ params, key: request?.idempotencyKey });
          return { id: 'cs_test_store1', url: 'https://checkout.example/cs_test_store1' };
        },
      },
    },
  } as unknown as Stripe;
  return {
    calls,
    sessions,
    options: {
      stripe,
      secretKey: 'sk_test_unit',
      url: 'https://api.example.test',
      anonKey: 'anon',
      serviceRoleKey: 'service',
      siteUrl: 'https://site.example',
      fetch,
      ...overrides,
    },
  };
}

const post = (body: unknown, headers: Record<string, string> = { authorization: 'Bearer member' }) =>
  new Request('https://x.test/store-checkout', { method: 'POST', body: JSON.stringify(body), headers });

describe('handleStoreCheckout', () => {
  it("answers the browser's preflight, and refuses anything but POST", async () => {
    const { options: o, calls } = options();
    expect((await handleStoreCheckout(new Request('https://x.test/', { method: 'OPTIONS' }), o)).status).toBe(
      204,
    );
    expect((await handleStoreCheckout(new Request('https://x.test/'), o)).status).toBe(405);
    expect(calls).toEqual([]);
  });

  it('answers 503 while cards are not set up, 401 without a member, 400 without an order, calling nothing', async () => {
    const unset = options(null, { secretKey: undefined });
    expect((await handleStoreCheckout(post({ order_id: ORDER.id }), unset.options)).status).toBe(503);
    const { options: o, calls } = options();
    const unsigned = await handleStoreCheckout(post({ order_id: ORDER.id }, {}), o);
    expect([unsigned.status, await unsigned.json()]).toEqual([
      401,
      { message: 'Please sign in to pay by card.' },
    ]);
    const bad = await handleStoreCheckout(post({ order_id: '1; drop table' }), o);
    expect([bad.status, await bad.json()]).toEqual([400, { message: 'No such order.' }]);
    expect(calls).toEqual([]);
  });

  it('passes the database’s refusal on in its words, and makes no session', async () => {
    const paid = Response.json({ code: '55000', message: 'This order is already paid.' }, { status: 400 });
    const { options: o, sessions } = options(paid);
    const response = await handleStoreCheckout(post({ order_id: ORDER.id }), o);
    expect([response.status, await response.json()]).toEqual([
      409,
      { message: 'This order is already paid.' },
    ]);
    const missing = options(Response.json({ code: 'P0002', message: 'no such order' }, { status: 400 }));
    expect((await handleStoreCheckout(post({ order_id: ORDER.id }), missing.options)).status).toBe(404);
    expect(sessions).toEqual([]);
  });

  it('asks Stripe for the order’s total, ending 4 minutes before the order, once per order', async () => {
    const { options: o, sessions, calls } = options();
    const response = await handleStoreCheckout(post({ order_id: ORDER.id, total_cents: 1 }), o);
    expect(await response.json()).toEqual({ url: 'https://checkout.example/cs_test_store1' });
    expect(sessions).toHaveLength(1);
    const { params, key } = sessions[0]!;
    expect(key).toBe(`store-order-${ORDER.id}`);
    expect(params.line_items).toEqual([
      {
        quantity: 1,
        price_data: { currency: 'aud', unit_amount: 5700, product_data: { name: 'Store order S100007' } },
      },
    ]);
    expect(params.metadata).toEqual({ order_id: ORDER.id, order_number: 'S100007' });
    expect(params.expires_at).toBe(Date.parse('2026-12-04T10:31:00Z') / 1000);
    expect(params.success_url).toBe(`https://site.example/store/order?order=${ORDER.id}&card=paid`);
    expect(calls).toEqual([
      'https://api.example.test/rest/v1/rpc/order_to_pay_by_card',
      `https://api.example.test/rest/v1/orders?id=eq.${ORDER.id}`,
    ]);
  });
});
