import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { CheckoutOptions } from '../_shared/checkout.ts';
import { handleStripeCheckout } from './handler.ts';

// The handler's rules that need no database or Stripe: what it refuses before calling anything. The stack
// test (supabase/local/test/functions/stripe-checkout.conformance.test.ts) runs it under Deno against the
// real database and the Stripe stand-in.

function options(overrides: Partial<CheckoutOptions> = {}) {
  const calls: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    calls.push(String(url));
    return Response.json({});
  }) as typeof globalThis.fetch;
  return {
    calls,
    options: {
      stripe: new Stripe('sk_test_unit'),
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
  new Request('https://x.test/stripe-checkout', { method: 'POST', body: JSON.stringify(body), headers });
const ask = {
  booking_id: '6f1c5a4e-1111-4222-8333-444455556666',
  purpose: 'deposit',
  return_to: '/manage-payment-plan',
};

describe('handleStripeCheckout', () => {
  it("answers the browser's preflight, and refuses anything but POST", async () => {
    const { options: o, calls } = options();
    const preflight = await handleStripeCheckout(new Request('https://x.test/', { method: 'OPTIONS' }), o);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect((await handleStripeCheckout(new Request('https://x.test/'), o)).status).toBe(405);
    expect(calls).toHaveLength(0);
  });

  it('answers 503 in words while no Stripe key or site is set, and calls nothing', async () => {
    for (const unset of [{ secretKey: undefined }, { siteUrl: undefined }]) {
      const { options: o, calls } = options(unset);
      const response = await handleStripeCheckout(post(ask), o);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        message: 'Card payments are not set up yet. Please pay by bank transfer.',
      });
      expect(calls).toHaveLength(0);
    }
  });

  it('refuses an unsigned request, a bad purpose and a page not ours before calling the database', async () => {
    const { options: o, calls } = options();
    const statuses = [
      await handleStripeCheckout(post(ask, {}), o),
      await handleStripeCheckout(post({ ...ask, purpose: 'all' }), o),
      await handleStripeCheckout(post({ ...ask, return_to: '//evil.test' }), o),
      await handleStripeCheckout(post({ ...ask, amount_cents: 10.5 }), o),
    ].map((r) => r.status);
    expect(statuses).toEqual([401, 400, 400, 400]);
    expect(calls).toHaveLength(0);
  });
});
