import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sdkFor, startHarness, type Harness } from './sdk-helpers.ts';

/** Off-session charges, idempotency keys, refunds and keys through the real stripe SDK. */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

async function savedCard(token = 'pm_card_visa') {
  const customer = await h.stripe.customers.create({ email: 'ada@example.com' });
  const card = await h.stripe.paymentMethods.attach(token, { customer: customer.id });
  return { customer: customer.id, card: card.id };
}

function charge(saved: { customer: string; card: string }, amount: number, key: string) {
  return h.stripe.paymentIntents.create(
    {
      amount,
      currency: 'aud',
      customer: saved.customer,
      payment_method: saved.card,
      off_session: true,
      confirm: true,
    },
    { idempotencyKey: key },
  );
}

describe('off-session PaymentIntents', () => {
  it('charges a saved card, and the same idempotency key gives back the same intent', async () => {
    const saved = await savedCard();
    const first = await charge(saved, 50_000, 'instalment-2-attempt-1');
    expect(first).toMatchObject({ status: 'succeeded', amount_received: 50_000 });
    const again = await charge(saved, 50_000, 'instalment-2-attempt-1');
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(charge(saved, 60_000, 'instalment-2-attempt-1')).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      message: expect.stringContaining('same parameters'),
    });
    const intents = h.standin.api.state.events.filter((event) => event.type === 'payment_intent.succeeded');
    expect(intents).toHaveLength(1);
  });

  it('declines when told to: a 402 card error with the intent, replayed for the same key, and a new key tries again', async () => {
    const saved = await savedCard();
    await h.control('switches', { fail_next_card: 'insufficient_funds' });
    const declined = await charge(saved, 50_000, 'attempt-1').catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    const intent = (declined as Stripe.errors.StripeCardError).payment_intent;
    expect(intent?.status).toBe('requires_payment_method');
    await expect(charge(saved, 50_000, 'attempt-1')).rejects.toMatchObject({
      decline_code: 'insufficient_funds',
    });
    expect((await charge(saved, 50_000, 'attempt-2')).status).toBe('succeeded');
  });

  it('asks for authentication off-session when the bank wants it, or when the card always does', async () => {
    const saved = await savedCard();
    await h.control('switches', { require_authentication_off_session: true });
    await expect(charge(saved, 50_000, 'a')).rejects.toMatchObject({
      code: 'authentication_required',
      decline_code: 'authentication_required',
    });
    await h.control('switches', { require_authentication_off_session: false });
    const always = await savedCard('pm_card_authenticationRequired');
    await expect(charge(always, 50_000, 'b')).rejects.toMatchObject({ code: 'authentication_required' });
    const declines = await savedCard('pm_card_chargeCustomerFail');
    await expect(charge(declines, 50_000, 'c')).rejects.toMatchObject({ decline_code: 'generic_decline' });
    await expect(savedCard('pm_card_chargeDeclined')).rejects.toMatchObject({ code: 'card_declined' });
    expect((await charge(saved, 50_000, 'd')).status).toBe('succeeded');
  });

  it('refuses an amount under 50 cents and a card that is not the customer’s', async () => {
    const saved = await savedCard();
    await expect(charge(saved, 49, 'small')).rejects.toMatchObject({
      code: 'amount_too_small',
      param: 'amount',
    });
    const other = await savedCard();
    await expect(
      charge({ customer: saved.customer, card: other.card }, 5_000, 'other'),
    ).rejects.toMatchObject({
      param: 'payment_method',
    });
  });
});

describe('refunds', () => {
  it('refunds part, refuses more than is left, refunds the rest, then refuses any more', async () => {
    const saved = await savedCard();
    const intent = await charge(saved, 80_000, 'deposit');
    const part = await h.stripe.refunds.create({ payment_intent: intent.id, amount: 30_000 });
    expect(part).toMatchObject({ status: 'succeeded', amount: 30_000, payment_intent: intent.id });
    await expect(
      h.stripe.refunds.create({ payment_intent: intent.id, amount: 60_000 }),
    ).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    expect((await h.stripe.refunds.create({ payment_intent: intent.id })).amount).toBe(50_000);
    await expect(h.stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const refunded = (await h.verifiedEvents()).filter((event) => event.type === 'charge.refunded');
    expect(refunded.map((event) => (event.data.object as Stripe.Charge).amount_refunded)).toEqual([
      30_000, 80_000,
    ]);
  });
});

describe('keys, events and lists', () => {
  it('refuses a wrong key and a missing object the way Stripe does', async () => {
    await expect(sdkFor(h.standin, 'sk_test_wrong_key_1234').customers.create({})).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    await expect(h.stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('retrieves and lists events by type, newest first', async () => {
    const saved = await savedCard();
    await charge(saved, 5_000, 'one');
    await charge(saved, 6_000, 'two');
    const listed = await h.stripe.events.list({ type: 'payment_intent.succeeded', limit: 1 });
    expect(listed.data).toHaveLength(1);
    expect(listed.has_more).toBe(true);
    expect((listed.data[0]!.data.object as Stripe.PaymentIntent).amount).toBe(6_000);
    expect((await h.stripe.events.retrieve(listed.data[0]!.id)).id).toBe(listed.data[0]!.id);
    const cards = await h.stripe.paymentMethods.list({ customer: saved.customer, type: 'card' });
    expect(cards.data.map((card) => card.id)).toEqual([saved.card]);
  });
});
