import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, WEBHOOK_SECRET, type Harness } from './sdk-helpers.ts';
import { signatureHeader } from './webhooks.ts';

/** The delivery controls tests use: hold and release in reverse, redeliver, forge a signature. */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

async function twoEvents(): Promise<void> {
  const customer = await h.stripe.customers.create({});
  await h.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
  await h.stripe.setupIntents.create({
    customer: customer.id,
    payment_method: 'pm_card_visa',
    confirm: true,
  });
}

describe('webhook deliveries', () => {
  it('signs as Stripe does: the SDK makes the same header for the same time and body', async () => {
    await twoEvents();
    await h.standin.api.webhooks.idle();
    const delivery = h.received[0]!;
    const timestamp = Number(/t=(\d+)/.exec(delivery.signature)![1]);
    const sdkHeader = h.stripe.webhooks.generateTestHeaderString({
      payload: delivery.body,
      secret: WEBHOOK_SECRET,
      timestamp,
    });
    expect(delivery.signature).toBe(sdkHeader);
    expect(signatureHeader(delivery.body, WEBHOOK_SECRET, timestamp)).toBe(sdkHeader);
  });

  it("sends an endpoint only the event types it asked for, as Stripe's enabled_events", async () => {
    h.standin.api.webhooks.endpoints.length = 0;
    await h.control('webhook_endpoints', {
      url: 'http://127.0.0.1:9/nobody-listens',
      secret: WEBHOOK_SECRET,
      events: ['setup_intent.succeeded'],
    });
    await twoEvents();
    await h.standin.api.webhooks.idle();
    expect(h.standin.api.webhooks.deliveries.map((delivery) => delivery.type)).toEqual([
      'setup_intent.succeeded',
    ]);
  });

  it('holds deliveries and releases them in reverse order', async () => {
    await h.control('webhooks/hold', {});
    await twoEvents();
    expect(h.received).toHaveLength(0);
    expect(await h.control('webhooks/release', { order: 'reverse' })).toEqual({ released: 2 });
    const types = (await h.verifiedEvents()).map((event) => event.type);
    expect(types).toEqual(['setup_intent.succeeded', 'payment_method.attached']);
  });

  it('redelivers the same event id, and a forged delivery fails verification', async () => {
    await twoEvents();
    const event = h.standin.api.state.events[0]!;
    await h.control(`events/${event.id}/redeliver`, { times: 3 });
    const events = await h.verifiedEvents();
    expect(events.filter((one) => one.id === event.id)).toHaveLength(4);

    await h.control(`events/${event.id}/redeliver`, { forge_signature: true });
    await h.standin.api.webhooks.idle();
    const forged = h.received.at(-1)!;
    await expect(
      h.stripe.webhooks.constructEventAsync(forged.body, forged.signature, WEBHOOK_SECRET),
    ).rejects.toMatchObject({ type: 'StripeSignatureVerificationError' });
    const log = (await h.control('deliveries')) as { data: { eventId: string; status: number }[] };
    expect(log.data.filter((delivery) => delivery.eventId === event.id)).toHaveLength(5);
    expect(log.data.every((delivery) => delivery.status === 200)).toBe(true);
  });
});
