import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { handleStripeWebhook } from './handler.ts';

// The handler's rules with the REST API faked: what it refuses before calling it (nothing unsigned reaches
// the database), what it sends, and how it answers each outcome. The stack test
// (supabase/local/test/functions/stripe-webhook.conformance.test.ts) runs it under Deno against the real
// database and the Stripe stand-in.

const SECRET = 'whsec_unit';
const stripe = new Stripe('sk_test_unit');
const event = {
  id: 'evt_unit1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_unit', object: 'checkout.session', payment_status: 'paid' } },
};

function fakeApi(answer: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return answer();
  }) as typeof globalThis.fetch;
  return {
    calls,
    options: {
      stripe,
      webhookSecret: SECRET,
      url: 'https://api.example.test',
      serviceRoleKey: 'service',
      fetch,
    },
  };
}

async function signed(payload: string, secret = SECRET): Promise<Request> {
  const header = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret });
  return new Request('https://x.test/stripe-webhook', {
    method: 'POST',
    body: payload,
    headers: { 'stripe-signature': header, 'content-type': 'application/json' },
  });
}

describe('handleStripeWebhook', () => {
  it('applies a verified event: its id, type and object go to apply_stripe_event', async () => {
    const api = fakeApi(() => Response.json({ id: event.id, result: 'recorded' }));
    const response = await handleStripeWebhook(await signed(JSON.stringify(event, null, 2)), api.options);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: 'recorded' });
    expect(api.calls).toEqual([
      {
        url: 'https://api.example.test/rest/v1/rpc/apply_stripe_event',
        body: { p_event_id: event.id, p_type: event.type, p_object: event.data.object },
      },
    ]);
  });

  it('answers 400 to a forged signature, a changed body and no signature, and calls nothing', async () => {
    const api = fakeApi(() => Response.json({}));
    const payload = JSON.stringify(event);
    const forged = await handleStripeWebhook(await signed(payload, 'whsec_other'), api.options);
    const good = await signed(payload);
    const changed = new Request(good.url, {
      method: 'POST',
      body: payload.replace('paid', 'unpaid'),
      headers: good.headers,
    });
    const tampered = await handleStripeWebhook(changed, api.options);
    const unsigned = await handleStripeWebhook(
      new Request('https://x.test/', { method: 'POST', body: payload }),
      api.options,
    );
    expect([forged.status, tampered.status, unsigned.status]).toEqual([400, 400, 400]);
    expect(await forged.json()).toEqual({ message: 'Webhook signature verification failed' });
    expect(api.calls).toHaveLength(0);
  });

  it('refuses GET, and answers 503 when no webhook secret is set', async () => {
    const api = fakeApi(() => Response.json({}));
    expect((await handleStripeWebhook(new Request('https://x.test/'), api.options)).status).toBe(405);
    const unset = await handleStripeWebhook(await signed('{}'), { ...api.options, webhookSecret: undefined });
    expect(unset.status).toBe(503);
    expect(api.calls).toHaveLength(0);
  });

  it('answers an error, so Stripe delivers again, when the database refuses or fails', async () => {
    const refused = fakeApi(() =>
      Response.json({ message: 'the Checkout Session names no booking of ours' }, { status: 400 }),
    );
    const response = await handleStripeWebhook(await signed(JSON.stringify(event)), refused.options);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'the Checkout Session names no booking of ours' });
    const failed = fakeApi(() => new Response('', { status: 503 }));
    expect((await handleStripeWebhook(await signed(JSON.stringify(event)), failed.options)).status).toBe(500);
  });
});
