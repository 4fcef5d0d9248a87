import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeparture, addTraveller, bookAs } from '../../../tests/database/booking-fixtures.ts';
import type { Standin } from '../../stripe-standin/server.ts';
import { signedInAccount } from '../stack-accounts.ts';
import type { TestStack } from '../start-test-stack.ts';
import { closeStripeStack, startStripeStack } from './stripe-stack.ts';

// The stripe-refund function under Deno through the stack (decision 0090), talking to the Stripe stand-in
// (decision 0084) with the real SDK: a member pays the deposit on the stand-in's Checkout page, an admin asks
// for part of it back (request_card_refund), the function makes the refund on that PaymentIntent and the
// ledger has it once, though the webhook's refund.created comes too. Called again, nothing more is refunded.
// A departure the company cancels gives a surcharged deposit back with its surcharge, recorded apart.

const WEBHOOK_SECRET = 'whsec_refund_test';
const SITE = 'http://site.test';

describe.each(['pglite', 'postgres'] as const)('the stripe-refund function on %s', (database) => {
  let standin: Standin;
  let stack: TestStack;
  let stripe: Stripe;

  beforeAll(async () => {
    ({ standin, stack, stripe } = await startStripeStack(database, {
      webhookSecret: WEBHOOK_SECRET,
      events: ['checkout.session.completed', 'refund.created'],
      siteUrl: SITE,
    }));
  }, 120_000);
  afterAll(() => closeStripeStack({ standin, stack }));

  const call = (name: string, token: string, body: Record<string, unknown>) =>
    fetch(`${stack.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: stack.anonKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });

  it('refunds part of a card payment once on its PaymentIntent, and the ledger has it once', async () => {
    const ada = await signedInAccount(stack, {
      email: `ada-${database}@refund.test`,
      fullName: 'Ada Member',
    });
    const adaToken = (await ada.client.auth.getSession()).data.session!.access_token;
    const admin = await signedInAccount(stack, {
      email: `boss-${database}@refund.test`,
      fullName: 'Bea Boss',
      admin: true,
    });
    const adminToken = (await admin.client.auth.getSession()).data.session!.access_token;
    const event = await addDeparture(stack.db, `refund-${database}`, { startsIn: 200 });
    const booking = await bookAs(stack.db, ada.id, event, [
      await addTraveller(stack.db, ada.id, 'Ada Adult', 40),
    ]);
    const started = await call('stripe-checkout', adaToken, {
      booking_id: booking.id,
      purpose: 'deposit',
      return_to: '/manage-booking',
    });
    const { url } = (await started.json()) as { url: string };
    await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    await standin.api.webhooks.idle();
    const payment = (
      await stack.db.query<{ id: string; stripe_payment_intent: string }>(
        `select id, stripe_payment_intent from public.payments where booking_id = $1`,
        [booking.id],
      )
    ).rows[0]!;

    const { data: asked, error } = await admin.client.rpc('request_card_refund', {
      p_payment_id: payment.id,
      p_amount_cents: 12_345,
      p_reason: 'Goodwill',
    });
    expect(error).toBeNull();
    const made = await call('stripe-refund', adminToken, { request_id: asked!.id });
    expect([made.status, await made.json()]).toEqual([200, { state: 'made' }]);
    await standin.api.webhooks.idle();
    // Called again (a double click, the sweep): nothing waits, nothing more is refunded.
    expect((await call('stripe-refund', adminToken, { request_id: asked!.id })).status).toBe(404);
    expect((await call('stripe-refund', adminToken, {})).status).toBe(200);

    const intent = await stripe.paymentIntents.retrieve(payment.stripe_payment_intent);
    const refunds = await stripe.refunds.retrieve(
      (
        await stack.db.query<{ stripe_refund_id: string }>(
          `select stripe_refund_id from public.card_refund_requests where id = $1`,
          [asked!.id],
        )
      ).rows[0]!.stripe_refund_id,
    );
    expect(refunds).toMatchObject({
      amount: 12_345,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: { request_id: asked!.id, booking_id: booking.id },
    });
    const charges = [...standin.api.state.objects.values()].filter(
      (o) => o.object === 'charge' && o['payment_intent'] === intent.id,
    );
    expect(charges.map((c) => c['amount_refunded'])).toEqual([12_345]);
    const ledger = await stack.db.query(
      `select b.status::text, bb.paid_cents, bb.refunded_cents,
              (select count(*)::int from public.payment_refunds r where r.payment_id = $2) as refunds,
              (select array_agg(result order by received_at) from public.stripe_events e
               where e.type = 'refund.created' and e.booking_id = b.id) as webhook
       from public.bookings b join public.booking_balances bb on bb.booking_id = b.id where b.id = $1`,
      [booking.id, payment.id],
    );
    expect(ledger.rows).toEqual([
      {
        status: 'confirmed',
        paid_cents: booking.deposit_cents - 12_345,
        refunded_cents: 12_345,
        refunds: 1,
        webhook: [expect.stringMatching(/^refund_(already_)?recorded$/)],
      },
    ]);
  });

  it('gives the card surcharge back with the payment when the company cancels the departure (decision 0096)', async () => {
    const dee = await signedInAccount(stack, {
      email: `dee-${database}@refund.test`,
      fullName: 'Dee Member',
    });
    const deeToken = (await dee.client.auth.getSession()).data.session!.access_token;
    const event = await addDeparture(stack.db, `refund-cancelled-${database}`, { startsIn: 200 });
    const booking = await bookAs(stack.db, dee.id, event, [
      await addTraveller(stack.db, dee.id, 'Dee Adult', 40),
    ]);
    // A 1.2% surcharge while this deposit is prepared, then none again.
    await stack.db.query(`update private.card_payment_settings set surcharge_bps = 120`);
    const started = await call('stripe-checkout', deeToken, {
      booking_id: booking.id,
      purpose: 'deposit',
      return_to: '/manage-booking',
    });
    await stack.db.query(`update private.card_payment_settings set surcharge_bps = 0`);
    const { url } = (await started.json()) as { url: string };
    await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    await standin.api.webhooks.idle();
    const payment = (
      await stack.db.query<{ amount_cents: number; surcharge_cents: number; stripe_payment_intent: string }>(
        `select amount_cents, surcharge_cents, stripe_payment_intent from public.payments where booking_id = $1`,
        [booking.id],
      )
    ).rows[0]!;
    const surcharge = Math.floor((booking.deposit_cents * 120) / 10000);
    expect(payment).toMatchObject({ amount_cents: booking.deposit_cents, surcharge_cents: surcharge });

    await stack.db.query(`update public.events set status = 'cancelled' where id = $1`, [event]);
    const swept = await call('stripe-refund', deeToken, {});
    expect(swept.status).toBe(200);
    await standin.api.webhooks.idle();

    const charges = [...standin.api.state.objects.values()].filter(
      (o) => o.object === 'charge' && o['payment_intent'] === payment.stripe_payment_intent,
    );
    expect(charges.map((c) => c['amount_refunded'])).toEqual([booking.deposit_cents + surcharge]);
    const ledger = await stack.db.query(
      `select r.amount_cents, r.surcharge_cents, bb.paid_cents, bb.refunded_cents,
              (select array_agg(result) from public.stripe_events e
               where e.type = 'refund.created' and e.booking_id = $1) as webhook
       from public.payment_refunds r join public.payments p on p.id = r.payment_id
       join public.booking_balances bb on bb.booking_id = p.booking_id where p.booking_id = $1`,
      [booking.id],
    );
    expect(ledger.rows).toEqual([
      {
        amount_cents: booking.deposit_cents,
        surcharge_cents: surcharge,
        paid_cents: 0,
        refunded_cents: booking.deposit_cents,
        webhook: [expect.stringMatching(/^refund_(already_)?recorded$/)],
      },
    ]);
  });

  it("keeps Stripe's refusal on the request, and a member cannot ask for a refund", async () => {
    const cal = await signedInAccount(stack, {
      email: `cal-${database}@refund.test`,
      fullName: 'Cal Member',
    });
    const admin = await signedInAccount(stack, {
      email: `boss2-${database}@refund.test`,
      fullName: 'Bo Boss',
      admin: true,
    });
    const adminToken = (await admin.client.auth.getSession()).data.session!.access_token;
    const event = await addDeparture(stack.db, `refund-refused-${database}`, { startsIn: 200 });
    const booking = await bookAs(stack.db, cal.id, event, [
      await addTraveller(stack.db, cal.id, 'Cal Adult', 40),
    ]);
    // A card payment Stripe has no charge for (recorded from elsewhere): Stripe refuses to refund it.
    const payment = (
      await stack.db.query<{ id: string }>(
        `insert into public.payments (booking_id, method, amount_cents, received_on, stripe_payment_intent)
         values ($1, 'card', 5000, current_date, 'pi_notatstripe') returning id`,
        [booking.id],
      )
    ).rows[0]!;
    const mine = await cal.client.rpc('request_card_refund', {
      p_payment_id: payment.id,
      p_amount_cents: 100,
      p_reason: 'Mine',
    });
    expect(mine.error?.message).toBe('only admins refund payments');
    const { data: asked } = await admin.client.rpc('request_card_refund', {
      p_payment_id: payment.id,
      p_amount_cents: 5000,
      p_reason: 'Goodwill',
    });
    const refused = await call('stripe-refund', adminToken, { request_id: asked!.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Stripe refused the refund: /);
    const row = await stack.db.query(`select state from public.card_refund_requests where id = $1`, [
      asked!.id,
    ]);
    expect(row.rows).toEqual([{ state: 'failed' }]);
  });
});
