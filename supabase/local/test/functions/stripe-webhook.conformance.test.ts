import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDeparture,
  addMembers,
  addTraveller,
  bookAs,
  memberId,
} from '../../../tests/database/booking-fixtures.ts';
import type { Standin } from '../../stripe-standin/server.ts';
import type { TestStack } from '../start-test-stack.ts';
import { closeStripeStack, startStripeStack } from './stripe-stack.ts';

// The stripe-webhook function under Deno through the stack (decision 0085), fed by the Stripe stand-in
// (decision 0084) exactly as Stripe would: a member's deposit paid on the stand-in's Checkout page is
// recorded once however often and in whatever order its events arrive; a forged delivery is answered 400
// and changes nothing; an expired deposit session frees its places.

const WEBHOOK_SECRET = 'whsec_stack_test';
const BOOKER = memberId(7);

describe.each(['pglite', 'postgres'] as const)('the stripe-webhook function on %s', (database) => {
  let standin: Standin;
  let stack: TestStack;
  let stripe: Stripe;
  let travellers: string[];

  beforeAll(async () => {
    // The events README.md tells a company to enable on its endpoint.
    ({ standin, stack, stripe } = await startStripeStack(database, {
      webhookSecret: WEBHOOK_SECRET,
      events: [
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'checkout.session.expired',
        'refund.created',
        'refund.updated',
      ],
      cardsOn: false,
    }));
    await addMembers(stack.db, [7]);
    travellers = [
      await addTraveller(stack.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(stack.db, BOOKER, 'Abe Adult', 35),
    ];
  }, 120_000);
  afterAll(() => closeStripeStack({ standin, stack }));

  /** A member's booking of two on a new departure of two places, pending and holding them. */
  async function pendingBooking(slug: string) {
    const event = await addDeparture(stack.db, slug, { startsIn: 200, capacity: 2 });
    return { event, booking: await bookAs(stack.db, BOOKER, event, travellers) };
  }

  function depositSession(booking: { id: string; deposit_cents: number }) {
    return stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: booking.id,
      metadata: { booking_id: booking.id, purpose: 'deposit' },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'aud',
            unit_amount: booking.deposit_cents,
            product_data: { name: 'Deposit' },
          },
        },
      ],
      success_url: 'http://site.test/paid',
    });
  }

  const one = async <T>(sql: string, params: unknown[]) => (await stack.db.query<T>(sql, params)).rows[0]!;
  const deliveries = () => standin.api.webhooks.deliveries;

  it('records one payment for a deposit paid on Checkout and delivered again, in reverse, three times', async () => {
    const { booking } = await pendingBooking('stripe-stack-pay');
    const session = await depositSession(booking);
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await standin.api.webhooks.idle();
    expect(deliveries().map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200]]);

    const completed = standin.api.state.events.find((e) => e.type === 'checkout.session.completed')!;
    standin.api.webhooks.hold();
    standin.api.webhooks.redeliver(completed);
    standin.api.webhooks.release('reverse');
    standin.api.webhooks.redeliver(completed);
    standin.api.webhooks.redeliver(completed);
    await standin.api.webhooks.idle();
    expect(deliveries().every((d) => d.status === 200)).toBe(true);

    const state = await one<{ status: string; payments: number; paid_cents: number; events: number }>(
      `select b.status::text, bb.paid_cents,
              (select count(*)::int from public.payments p where p.booking_id = b.id) as payments,
              (select count(*)::int from public.stripe_events e where e.booking_id = b.id) as events
       from public.bookings b join public.booking_balances bb on bb.booking_id = b.id where b.id = $1`,
      [booking.id],
    );
    expect(state).toEqual({ status: 'confirmed', payments: 1, paid_cents: booking.deposit_cents, events: 1 });
  });

  it('answers 400 to a forged delivery and changes nothing', async () => {
    const { booking } = await pendingBooking('stripe-stack-forged');
    const session = await depositSession(booking);
    standin.api.webhooks.hold();
    await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    const events = standin.api.state.events.filter((e) => JSON.stringify(e).includes(booking.id));
    standin.api.webhooks.release();
    await standin.api.webhooks.idle();
    const before = await one<{ n: number }>(`select count(*)::int as n from public.stripe_events`, []);
    const sent = deliveries().length;
    for (const event of events) standin.api.webhooks.redeliver(event, { forgeSignature: true });
    await standin.api.webhooks.idle();
    expect(
      deliveries()
        .slice(sent)
        .map((d) => d.status),
    ).toEqual(events.map(() => 400));
    expect(await one(`select count(*)::int as n from public.stripe_events`, [])).toEqual(before);
  });

  it('frees the places of a deposit session that expires', async () => {
    const { event, booking } = await pendingBooking('stripe-stack-expired');
    const places = () => one<{ n: number }>(`select private.places_taken($1) as n`, [event]);
    expect(await places()).toEqual({ n: 2 });
    const session = await depositSession(booking);
    await stripe.checkout.sessions.expire(session.id);
    await standin.api.webhooks.idle();
    expect(deliveries().at(-1)).toMatchObject({ type: 'checkout.session.expired', status: 200 });
    expect(await places()).toEqual({ n: 0 });
  });
});
