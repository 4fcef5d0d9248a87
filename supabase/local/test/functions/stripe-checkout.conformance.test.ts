import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeparture, addTraveller, bookAs } from '../../../tests/database/booking-fixtures.ts';
import type { Standin } from '../../stripe-standin/server.ts';
import { signedInAccount } from '../stack-accounts.ts';
import type { TestStack } from '../start-test-stack.ts';
import { closeStripeStack, startStripeStack } from './stripe-stack.ts';

// The stripe-checkout function under Deno through the stack (decision 0087), talking to the Stripe stand-in
// (decision 0084) with the real SDK: a member's deposit session is made for the database's amount, paid on
// the stand-in's Checkout page, and the webhook records one payment and confirms the booking. What the
// member may not pay is refused in words, and nothing reaches Stripe.

const WEBHOOK_SECRET = 'whsec_checkout_test';
const SITE = 'http://site.test';

describe.each(['pglite', 'postgres'] as const)('the stripe-checkout function on %s', (database) => {
  let standin: Standin;
  let stack: TestStack;
  let stripe: Stripe;

  beforeAll(async () => {
    ({ standin, stack, stripe } = await startStripeStack(database, {
      webhookSecret: WEBHOOK_SECRET,
      events: ['checkout.session.completed', 'checkout.session.expired'],
      siteUrl: SITE,
    }));
  }, 120_000);
  afterAll(() => closeStripeStack({ standin, stack }));

  async function member(email: string) {
    const { id, client } = await signedInAccount(stack, { email, fullName: 'Ada Member' });
    const token = (await client.auth.getSession()).data.session!.access_token;
    const travellers = [await addTraveller(stack.db, id, 'Ada Adult', 40)];
    return { id, token, travellers };
  }

  function startPayment(token: string, body: Record<string, unknown>) {
    return fetch(`${stack.url}/functions/v1/stripe-checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: stack.anonKey,
        'content-type': 'application/json',
        origin: SITE,
      },
      body: JSON.stringify(body),
    });
  }

  it("makes the deposit's session for the database's amount; paid, the booking is confirmed once", async () => {
    const ada = await member(`ada-${database}@checkout.test`);
    const event = await addDeparture(stack.db, `checkout-${database}`, { startsIn: 200, capacity: 4 });
    const booking = await bookAs(stack.db, ada.id, event, ada.travellers);
    // The browser's CORS preflight carries no JWT: the gateway lets it through to the function, as hosted.
    const preflight = await fetch(`${stack.url}/functions/v1/stripe-checkout`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    const started = Date.now();
    const response = await startPayment(ada.token, {
      booking_id: booking.id,
      purpose: 'deposit',
      return_to: '/manage-payment-plan',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { url } = (await response.json()) as { url: string };
    const sessionId = /\/c\/pay\/([^/?]+)/.exec(url)![1]!;
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const attempt = (
      await stack.db.query<{ id: string; checkout_session_id: string }>(
        `select id, checkout_session_id from public.card_payment_attempts where booking_id = $1`,
        [booking.id],
      )
    ).rows;
    expect(attempt).toEqual([{ id: expect.any(String), checkout_session_id: sessionId }]);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: booking.deposit_cents,
      currency: 'aud',
      client_reference_id: booking.id,
      metadata: { booking_id: booking.id, purpose: 'deposit', attempt_id: attempt[0]!.id },
      success_url: `${SITE}/manage-payment-plan?booking=${booking.id}&card=paid`,
      cancel_url: `${SITE}/manage-payment-plan?booking=${booking.id}&card=cancelled`,
    });
    expect(session.expires_at * 1000 - started).toBeGreaterThanOrEqual(30 * 60 * 1000);

    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(session.success_url);
    await standin.api.webhooks.idle();
    // The function read the booking as the member: its invoice names the payment in the company's Stripe.
    const intentId = (await stripe.checkout.sessions.retrieve(sessionId)).payment_intent as string;
    expect((await stripe.paymentIntents.retrieve(intentId)).description).toBe(
      `Invoice ${booking.invoice_number}`,
    );
    const state = await stack.db.query(
      `select b.status::text, bb.paid_cents,
              (select count(*)::int from public.payments p where p.booking_id = b.id and p.method = 'card') as card,
              (select state from public.card_payment_attempts a where a.booking_id = b.id) as attempt
       from public.bookings b join public.booking_balances bb on bb.booking_id = b.id where b.id = $1`,
      [booking.id],
    );
    expect(state.rows).toEqual([
      { status: 'confirmed', paid_cents: booking.deposit_cents, card: 1, attempt: 'paid' },
    ]);
  });

  it('refuses in words what the member may not pay, and asks Stripe for nothing', async () => {
    const bea = await member(`bea-${database}@checkout.test`);
    const cal = await member(`cal-${database}@checkout.test`);
    const event = await addDeparture(stack.db, `checkout-refused-${database}`, { startsIn: 200 });
    const booking = await bookAs(stack.db, bea.id, event, bea.travellers);
    const sessions = () =>
      [...standin.api.state.objects.values()].filter((o) => o.object === 'checkout.session');
    const before = sessions().length;
    const ask = (token: string, body: Record<string, unknown>) =>
      startPayment(token, { booking_id: booking.id, return_to: '/extra-payment', ...body }).then(
        async (r) => [r.status, ((await r.json()) as { message: string }).message],
      );
    expect(await ask(cal.token, { purpose: 'deposit' })).toEqual([404, 'No such booking.']);
    expect(await ask(bea.token, { purpose: 'deposit', amount_cents: 100 })).toEqual([
      400,
      'only an extra payment names its amount',
    ]);
    expect(await ask(bea.token, { purpose: 'extra', amount_cents: 10_000_000 })).toEqual([
      400,
      'That is more than is left to pay ($1,000.00).',
    ]);
    expect(await ask(bea.token, { purpose: 'deposit', return_to: 'https://evil.test/' })).toEqual([
      400,
      'Unknown page to come back to.',
    ]);
    expect(await ask(stack.anonKey, { purpose: 'deposit' })).toEqual([
      401,
      'Please sign in again to pay by card.',
    ]);
    expect(sessions()).toHaveLength(before);
  });
});
