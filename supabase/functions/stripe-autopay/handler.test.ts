import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { handleStripeAutopay, outcomeOf, type AutopayOptions } from './handler.ts';

// The handler's rules that need no database or Stripe: who may wake it, and how Stripe's errors become an
// attempt's outcome. The stack test (supabase/local/test/functions/stripe-autopay.conformance.test.ts) runs
// it under Deno against the real database and the Stripe stand-in.

function options(overrides: Partial<AutopayOptions> = {}) {
  const calls: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    calls.push(String(url));
    return Response.json([]);
  }) as typeof globalThis.fetch;
  return {
    calls,
    options: {
      stripe: new Stripe('sk_test_unit'),
      secretKey: 'sk_test_unit',
      url: 'https://api.example.test',
      serviceRoleKey: 'service',
      fetch,
      ...overrides,
    },
  };
}

const wake = (authorization?: string, method = 'POST') =>
  new Request('https://x.test/stripe-autopay', {
    method,
    ...(method === 'POST' ? { body: '{}' } : {}),
    headers: authorization ? { authorization } : {},
  });

describe('handleStripeAutopay', () => {
  it('is woken only by POST with the service role key, and calls nothing otherwise', async () => {
    const { options: o, calls } = options();
    expect((await handleStripeAutopay(wake('Bearer service', 'GET'), o)).status).toBe(405);
    expect((await handleStripeAutopay(wake(), o)).status).toBe(401);
    expect((await handleStripeAutopay(wake('Bearer a-member-token'), o)).status).toBe(401);
    expect(calls).toHaveLength(0);
  });

  it('answers 503 while no Stripe key is set, and calls nothing', async () => {
    const { options: o, calls } = options({ secretKey: undefined });
    expect((await handleStripeAutopay(wake('Bearer service'), o)).status).toBe(503);
    expect(calls).toHaveLength(0);
  });

  it('asks the database for the charges to make, and with none asks Stripe for nothing', async () => {
    const { options: o, calls } = options();
    const response = await handleStripeAutopay(wake('Bearer service'), o);
    expect(await response.json()).toEqual({ succeeded: 0, failed: 0, later: 0 });
    expect(calls).toEqual(['https://api.example.test/rest/v1/rpc/autopay_charges_to_make']);
  });

  it("reports a card error's PaymentIntent, fails a refused request in words, and leaves an outage for later", () => {
    const intent = {
      id: 'pi_1',
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    };
    expect(outcomeOf({ type: 'StripeCardError', code: 'card_declined', payment_intent: intent })).toBe(
      intent,
    );
    expect(outcomeOf({ type: 'StripeInvalidRequestError', code: 'resource_missing' })).toEqual({
      status: 'requires_payment_method',
      last_payment_error: { code: 'resource_missing', message: 'your saved card could not be charged' },
    });
    expect(outcomeOf({ type: 'StripeConnectionError' })).toBeNull();
    expect(outcomeOf({ type: 'StripeAPIError' })).toBeNull();
    expect(outcomeOf({ type: 'StripeRateLimitError' })).toBeNull();
  });
});
