import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './sdk-helpers.ts';

/** Checkout Sessions through the real stripe SDK and the stand-in's hosted page. */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

async function depositSession(customer?: string) {
  return h.stripe.checkout.sessions.create({
    mode: 'payment',
    ...(customer ? { customer } : {}),
    client_reference_id: 'booking-1',
    line_items: [
      {
        quantity: 2,
        price_data: { currency: 'aud', unit_amount: 40_000, product_data: { name: 'Deposit' } },
      },
    ],
    metadata: { booking_id: 'booking-1' },
    payment_intent_data: { setup_future_usage: 'off_session', metadata: { booking_id: 'booking-1' } },
    success_url: 'http://site.test/paid?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://site.test/cancelled',
  });
}

async function press(url: string, action: string): Promise<Response> {
  return fetch(`${url}/${action}`, { method: 'POST', redirect: 'manual' });
}

describe('Checkout Sessions', () => {
  it('pays on the hosted page: the session completes, the card is saved, the webhooks are signed', async () => {
    const customer = await h.stripe.customers.create({ email: 'ada@example.com' });
    const session = await depositSession(customer.id);
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 80_000,
      payment_intent: null,
    });
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('A$800.00');

    const paid = await press(session.url!, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://site.test/paid?session=${session.id}`);

    const done = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = await h.stripe.paymentIntents.retrieve(String(done.payment_intent));
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 80_000,
      metadata: { booking_id: 'booking-1' },
    });
    const cards = await h.stripe.customers.listPaymentMethods(customer.id);
    expect(cards.data.map((card) => card.id)).toEqual([intent.payment_method]);

    const events = await h.verifiedEvents();
    expect(events.map((event) => event.type)).toEqual([
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    const completed = events[2]!.data.object as { id: string; payment_intent: string };
    expect(completed).toMatchObject({ id: session.id, payment_intent: intent.id });
  });

  it('keeps the session open after a declined card and after an abandoned page, and lets the customer pay', async () => {
    const session = await depositSession();
    const declined = await press(session.url!, 'decline');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('role="alert">Your card was declined.');
    const failedAuth = await press(session.url!, 'authenticate/fail');
    expect(failedAuth.status).toBe(402);
    const left = await press(session.url!, 'abandon');
    expect(left.headers.get('location')).toBe('http://site.test/cancelled');
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const challenge = await press(session.url!, 'authenticate');
    expect(await challenge.text()).toContain('Complete authentication');
    expect((await press(session.url!, 'authenticate/complete')).status).toBe(303);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
    const types = (await h.verifiedEvents()).map((event) => event.type);
    expect(types.filter((type) => type === 'checkout.session.completed')).toHaveLength(1);
    expect(types).toContain('payment_intent.payment_failed');
  });

  it('refuses an expiry under 30 minutes, expires on request once, and sends checkout.session.expired', async () => {
    await expect(
      h.stripe.checkout.sessions.create({
        mode: 'payment',
        expires_at: Math.floor(Date.now() / 1000) + 60,
        line_items: [
          { quantity: 1, price_data: { currency: 'aud', unit_amount: 100, product_data: { name: 'x' } } },
        ],
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' });

    const session = await depositSession();
    const expired = await h.stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await expect(h.stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    expect((await press(session.url!, 'pay')).status).toBe(410);
    const events = await h.verifiedEvents();
    expect(events.map((event) => event.type)).toEqual(['checkout.session.expired']);
  });

  it('expires a session by itself once its expires_at has passed, as Stripe does', async () => {
    const session = await depositSession();
    const expiresAt = session.expires_at;
    await h.control('clock', { advance_seconds: 23 * 60 * 60 });
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const moved = (await h.control('clock', { advance_seconds: 60 * 60 })) as { now: number };
    expect(moved.now).toBeGreaterThanOrEqual(expiresAt);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    const events = await h.verifiedEvents();
    expect(events.map((event) => event.type)).toEqual(['checkout.session.expired']);
  });

  it('completes a delayed payment unpaid, then settles it with the async events', async () => {
    const ok = await depositSession();
    const bad = await depositSession();
    await press(ok.url!, 'delayed');
    await press(bad.url!, 'delayed');
    expect(await h.stripe.checkout.sessions.retrieve(ok.id)).toMatchObject({
      status: 'complete',
      payment_status: 'unpaid',
    });
    await h.control(`checkout_sessions/${ok.id}/settle`, { succeeded: true });
    await h.control(`checkout_sessions/${bad.id}/settle`, { succeeded: false });
    expect((await h.stripe.checkout.sessions.retrieve(ok.id)).payment_status).toBe('paid');
    const types = (await h.verifiedEvents()).map((event) => event.type);
    expect(types).toContain('checkout.session.async_payment_succeeded');
    expect(types).toContain('checkout.session.async_payment_failed');
  });

  it('saves a card without charging in setup mode', async () => {
    const customer = await h.stripe.customers.create({ email: 'ada@example.com' });
    const session = await h.stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'aud',
      customer: customer.id,
      success_url: 'http://site.test/saved',
    });
    expect((await press(session.url!, 'pay')).status).toBe(303);
    const done = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    const intent = await h.stripe.setupIntents.retrieve(String(done.setup_intent));
    expect(intent).toMatchObject({ status: 'succeeded', customer: customer.id });
  });
});
