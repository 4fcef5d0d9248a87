import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './sdk-helpers.ts';

/** The list endpoints the reconciliation job reads (decision 0095), through the real stripe SDK. */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

async function charge(amount: number) {
  const customer = await h.stripe.customers.create({ email: 'ada@example.com' });
  const card = await h.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
  return h.stripe.paymentIntents.create({
    amount,
    currency: 'aud',
    customer: customer.id,
    payment_method: card.id,
    off_session: true,
    confirm: true,
  });
}

describe('GET /v1/payment_intents', () => {
  it('lists newest first in pages of `limit`, with has_more, and the SDK pages through them all', async () => {
    const made = [];
    for (const amount of [5_000, 6_000, 7_000]) made.push(await charge(amount));
    const first = await h.stripe.paymentIntents.list({ limit: 2 });
    expect(first.object).toBe('list');
    expect(first.data.map((intent) => intent.amount)).toEqual([7_000, 6_000]);
    expect(first.has_more).toBe(true);
    const second = await h.stripe.paymentIntents.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(second.data.map((intent) => intent.amount)).toEqual([5_000]);
    expect(second.has_more).toBe(false);
    const before = await h.stripe.paymentIntents.list({ ending_before: made[0]!.id });
    expect(before.data.map((intent) => intent.amount)).toEqual([7_000, 6_000]);
    const all = await h.stripe.paymentIntents.list({ limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(all.map((intent) => intent.id)).toEqual(made.map((intent) => intent.id).reverse());
  });

  it('filters by created (gte, lt) and customer', async () => {
    const old = await charge(5_000);
    await h.control('clock', { advance_seconds: 3_600 });
    const recent = await charge(6_000);
    const since = await h.stripe.paymentIntents.list({ created: { gte: recent.created } });
    expect(since.data.map((intent) => intent.id)).toEqual([recent.id]);
    const until = await h.stripe.paymentIntents.list({ created: { lt: recent.created } });
    expect(until.data.map((intent) => intent.id)).toEqual([old.id]);
    const exactly = await h.stripe.paymentIntents.list({ created: old.created });
    expect(exactly.data.map((intent) => intent.id)).toEqual([old.id]);
    const mine = await h.stripe.paymentIntents.list({ customer: String(old.customer) });
    expect(mine.data.map((intent) => intent.id)).toEqual([old.id]);
  });

  it('refuses a limit over 100 and an unknown cursor as Stripe does', async () => {
    await expect(h.stripe.paymentIntents.list({ limit: 101 })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    await expect(h.stripe.paymentIntents.list({ starting_after: 'pi_nothing' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'starting_after',
    });
  });
});

describe('GET /v1/refunds', () => {
  it('lists refunds newest first, by payment_intent and created, paged', async () => {
    const paid = await charge(10_000);
    const other = await charge(8_000);
    const a = await h.stripe.refunds.create({ payment_intent: paid.id, amount: 1_000 });
    await h.control('clock', { advance_seconds: 60 });
    const b = await h.stripe.refunds.create({ payment_intent: paid.id, amount: 2_000 });
    const c = await h.stripe.refunds.create({ payment_intent: other.id });
    const all = await h.stripe.refunds.list({ limit: 2 }).autoPagingToArray({ limit: 10 });
    expect(all.map((refund) => refund.id)).toEqual([c.id, b.id, a.id]);
    const ofPaid = await h.stripe.refunds.list({ payment_intent: paid.id });
    expect(ofPaid.data.map((refund) => refund.amount)).toEqual([2_000, 1_000]);
    const recent = await h.stripe.refunds.list({ created: { gt: a.created } });
    expect(recent.data.map((refund) => refund.id)).toEqual([c.id, b.id]);
    expect(recent.has_more).toBe(false);
  });
});
