import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { handleStripeReconcile, windowOf, type ReconcileOptions } from './handler.ts';

// The handler's rules that need no database or Stripe: who may wake it, what it does without a key, and the
// window it compares. The stack test (supabase/local/test/functions/stripe-reconcile.conformance.test.ts)
// runs it under Deno against the real database and the Stripe stand-in.

function options(overrides: Partial<ReconcileOptions> = {}) {
  const calls: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    calls.push(String(url));
    return Response.json({});
  }) as typeof globalThis.fetch;
  const options: ReconcileOptions = {
    stripe: new Stripe('sk_test_unit'),
    secretKey: 'sk_test_unit',
    url: 'https://api.example.test',
    serviceRoleKey: 'service',
    fetch,
    ...overrides,
  };
  return { calls, options };
}

const wake = (authorization?: string, method = 'POST') =>
  new Request('https://x.test/stripe-reconcile', {
    method,
    ...(method === 'POST' ? { body: '{}' } : {}),
    headers: authorization ? { authorization } : {},
  });

describe('handleStripeReconcile', () => {
  it('is woken only by POST with the service role key, and calls nothing otherwise', async () => {
    const { options: o, calls } = options();
    expect((await handleStripeReconcile(wake('Bearer service', 'GET'), o)).status).toBe(405);
    expect((await handleStripeReconcile(wake(), o)).status).toBe(401);
    expect((await handleStripeReconcile(wake('Bearer a-member-token'), o)).status).toBe(401);
    expect(calls).toHaveLength(0);
  });

  it('does nothing without a Stripe key, and says so', async () => {
    const { options: o, calls } = options({ secretKey: undefined });
    const response = await handleStripeReconcile(wake('Bearer service'), o);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      reconciled: false,
      message: 'Stripe is not set up: nothing to reconcile.',
    });
    expect(calls).toHaveLength(0);
  });

  it('compares the last three days, up to ten minutes ago (a webhook on its way is not a difference)', () => {
    const at = (seconds: number) => new Date(seconds * 1000).toISOString();
    const window = windowOf(undefined, new Date('2026-12-05T12:00:00Z'))!;
    expect([at(window.from), at(window.to)]).toEqual([
      '2026-12-02T11:50:00.000Z',
      '2026-12-05T11:50:00.000Z',
    ]);
    const asked = windowOf('2026-11-01T00:00:00Z')!;
    expect([at(asked.from), at(asked.to)]).toEqual(['2026-10-29T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
    expect(windowOf('yesterday')).toBeNull();
    expect(windowOf(12)).toBeNull();
  });

  it('refuses an until that is not a time, before asking Stripe', async () => {
    const { options: o, calls } = options();
    const request = new Request('https://x.test/stripe-reconcile', {
      method: 'POST',
      body: JSON.stringify({ until: 'soon' }),
      headers: { authorization: 'Bearer service' },
    });
    expect((await handleStripeReconcile(request, o)).status).toBe(400);
    expect(calls).toHaveLength(0);
  });
});
