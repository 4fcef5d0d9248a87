import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { handleStripeRefund, type RefundOptions } from './handler.ts';

// The handler's rules that need no database or Stripe: what it refuses before calling anything, and how it
// words what the database and Stripe answered. The stack test
// (supabase/local/test/functions/stripe-refund.conformance.test.ts) runs it under Deno against the real
// database and the Stripe stand-in.

const REQUEST_ID = '6f1c5a4e-1111-4222-8333-444455556666';
const WAITING = {
  id: REQUEST_ID,
  booking_id: '6f1c5a4e-1111-4222-8333-777788889999',
  payment_intent: 'pi_unit',
  amount_cents: 2500,
  currency: 'AUD',
};

/** A database that answers card_refunds_to_make with `waiting` and echoes what settle was given. */
function options(
  waiting: unknown[],
  stripe: Partial<Stripe['refunds']>,
  overrides: Partial<RefundOptions> = {},
) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ url: String(url), body });
    if (String(url).endsWith('/card_refunds_to_make')) return Response.json(waiting);
    return Response.json({
      id: body['p_request_id'],
      state: body['p_failure'] ? 'failed' : 'made',
      failure: body['p_failure'] ?? null,
    });
  }) as typeof globalThis.fetch;
  const client = new Stripe('sk_test_unit');
  Object.assign(client.refunds, stripe);
  return {
    calls,
    options: {
      stripe: client,
      secretKey: 'sk_test_unit',
      url: 'https://api.example.test',
      serviceRoleKey: 'service',
      fetch,
      ...overrides,
    },
  };
}

const post = (body: unknown) =>
  new Request('https://x.test/stripe-refund', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: 'Bearer admin' },
  });

describe('handleStripeRefund', () => {
  it('answers 503 in words while no Stripe key is set, and refuses a malformed request, calling nothing', async () => {
    const unset = options([], {}, { secretKey: undefined });
    const response = await handleStripeRefund(post({ request_id: REQUEST_ID }), unset.options);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'Card refunds are not set up: the Stripe key is missing.',
    });
    const bad = options([], {});
    expect((await handleStripeRefund(post({ request_id: 'nope' }), bad.options)).status).toBe(400);
    expect((await handleStripeRefund(new Request('https://x.test/'), bad.options)).status).toBe(405);
    expect([...unset.calls, ...bad.calls]).toHaveLength(0);
  });

  it("makes the refund once per request (its idempotency key) and hands Stripe's refund to the database", async () => {
    const made: unknown[] = [];
    const { options: o, calls } = options([WAITING], {
      create: (async (params: unknown, requestOptions: unknown) => {
        made.push([params, requestOptions]);
        return { id: 're_unit', amount: 2500, payment_intent: 'pi_unit', status: 'succeeded' };
      }) as unknown as Stripe['refunds']['create'],
    });
    const response = await handleStripeRefund(post({ request_id: REQUEST_ID }), o);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: 'made' });
    expect(made).toEqual([
      [
        {
          payment_intent: 'pi_unit',
          amount: 2500,
          reason: 'requested_by_customer',
          metadata: { request_id: REQUEST_ID, booking_id: WAITING.booking_id },
        },
        { idempotencyKey: `refund-${REQUEST_ID}` },
      ],
    ]);
    expect(calls[1]).toEqual({
      url: 'https://api.example.test/rest/v1/rpc/settle_card_refund_request',
      body: {
        p_request_id: REQUEST_ID,
        p_refund: { id: 're_unit', amount: 2500, payment_intent: 'pi_unit', status: 'succeeded' },
      },
    });
  });

  it('asks Stripe for what the database says is owed, a card surcharge going back included (decision 0096)', async () => {
    const amounts: number[] = [];
    // card_refunds_to_make's amount_cents is the request's amount and surcharge part together: $25 + $0.30.
    const { options: o } = options([{ ...WAITING, amount_cents: 2530 }], {
      create: (async (params: Stripe.RefundCreateParams) => {
        amounts.push(params.amount!);
        return { id: 're_sum', amount: params.amount, payment_intent: 'pi_unit', status: 'succeeded' };
      }) as unknown as Stripe['refunds']['create'],
    });
    expect((await handleStripeRefund(post({ request_id: REQUEST_ID }), o)).status).toBe(200);
    expect(amounts).toEqual([2530]);
  });

  it("keeps Stripe's refusal on the request in its words, and leaves it waiting when Stripe is unreachable", async () => {
    const refused = options([WAITING], {
      create: (async () => {
        throw Object.assign(new Error('Charge ch_1 has already been refunded.'), { statusCode: 400 });
      }) as unknown as Stripe['refunds']['create'],
    });
    const answer = await handleStripeRefund(post({ request_id: REQUEST_ID }), refused.options);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      message: 'Stripe refused the refund: Charge ch_1 has already been refunded.',
      state: 'failed',
    });
    const down = options([WAITING], {
      create: (async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { statusCode: undefined });
      }) as unknown as Stripe['refunds']['create'],
    });
    const later = await handleStripeRefund(post({}), down.options);
    expect(later.status).toBe(502);
    expect(await later.json()).toEqual({ refunds: [{ id: REQUEST_ID, state: 'requested', failure: null }] });
    // Nothing was settled: the sweep asks Stripe again with the same key.
    expect(down.calls.map((call) => call.url)).toEqual([
      'https://api.example.test/rest/v1/rpc/card_refunds_to_make',
    ]);
  });

  it('answers 404 when the request was made already', async () => {
    const { options: o } = options([], {});
    const response = await handleStripeRefund(post({ request_id: REQUEST_ID }), o);
    expect(response.status).toBe(404);
  });

  it("makes a store order's refund on the order's PaymentIntent with its own key, apart from the bookings'", async () => {
    const made: unknown[] = [];
    const calls: string[] = [];
    const orderRefund = {
      id: REQUEST_ID,
      order_id: WAITING.booking_id,
      payment_intent: 'pi_order',
      amount_cents: 700,
    };
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push(`${String(url).split('/rpc/')[1]} ${JSON.stringify(body)}`);
      if (String(url).endsWith('/order_refunds_to_make')) return Response.json([orderRefund]);
      return Response.json({ id: body['p_refund_id'], state: 'made', failure: null });
    }) as typeof globalThis.fetch;
    const { options: o } = options([], {
      create: (async (params: unknown, requestOptions: unknown) => {
        made.push([params, requestOptions]);
        return { id: 're_order', amount: 700, payment_intent: 'pi_order', status: 'succeeded' };
      }) as unknown as Stripe['refunds']['create'],
    });
    const response = await handleStripeRefund(post({ order_refund_id: REQUEST_ID }), { ...o, fetch });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: 'made' });
    expect(made).toEqual([
      [
        {
          payment_intent: 'pi_order',
          amount: 700,
          reason: 'requested_by_customer',
          metadata: { order_refund_id: REQUEST_ID, order_id: orderRefund.order_id },
        },
        { idempotencyKey: `order-refund-${REQUEST_ID}` },
      ],
    ]);
    // No booking's list is read: the order's refund is asked for and settled alone.
    expect(calls).toEqual([
      `order_refunds_to_make {"p_refund_id":"${REQUEST_ID}"}`,
      `settle_order_refund {"p_refund_id":"${REQUEST_ID}","p_refund":{"id":"re_order","amount":700,"payment_intent":"pi_order","status":"succeeded"}}`,
    ]);
    expect((await handleStripeRefund(post({ order_refund_id: 'nope' }), o)).status).toBe(400);
  });
});
