import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeparture, addTraveller, bookAs } from '../../../tests/database/booking-fixtures.ts';
import { WEBHOOK_EVENTS } from '../../../functions/_shared/stripe-events.ts';
import type { Standin } from '../../stripe-standin/server.ts';
import { signedInAccount } from '../stack-accounts.ts';
import type { TestStack } from '../start-test-stack.ts';
import { closeStripeStack, startStripeStack } from './stripe-stack.ts';

// The stripe-settings function under Deno through the stack (decision 0089), with the Stripe stand-in: an
// admin sees the account and the webhook, a member is refused by the database, the test event Stripe sends
// arrives at the stack's webhook and is recorded; and a card payment made while a surcharge is set charges
// it as its own line and records the payment without it.

const WEBHOOK_SECRET = 'whsec_settings_test';
const SITE = 'http://site.test';

describe.each(['pglite', 'postgres'] as const)('the stripe-settings function on %s', (database) => {
  let standin: Standin;
  let stack: TestStack;
  let stripe: Stripe;

  beforeAll(async () => {
    ({ standin, stack, stripe } = await startStripeStack(database, {
      webhookSecret: WEBHOOK_SECRET,
      events: [...WEBHOOK_EVENTS],
      siteUrl: SITE,
      accountName: 'Haunted Horizons',
      cardsOn: false,
    }));
  }, 120_000);
  afterAll(() => closeStripeStack({ standin, stack }));

  async function signedIn(email: string, admin = false) {
    const { id, client } = await signedInAccount(stack, { email, fullName: 'Ada Member' });
    if (admin) await stack.db.query(`update public.profiles set is_admin = true where id = $1`, [id]);
    // A fresh token after the change is not needed: the database reads is_admin on each call.
    const token = (await client.auth.getSession()).data.session!.access_token;
    return { id, client, token };
  }

  function call(token: string, method: 'GET' | 'POST') {
    return fetch(`${stack.url}/functions/v1/stripe-settings`, {
      method,
      headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey },
    });
  }

  it('shows an admin the account and the webhook, refuses a member, and its test event is recorded', async () => {
    const admin = await signedIn(`admin-${database}@settings.test`, true);
    const member = await signedIn(`member-${database}@settings.test`);
    const seen = await call(admin.token, 'GET');
    expect(seen.status).toBe(200);
    const text = await seen.text();
    expect(JSON.parse(text)).toMatchObject({
      secret_key_set: true,
      webhook_secret_set: true,
      mode: 'test',
      account_name: 'Haunted Horizons',
      webhook_url: `${stack.url}/functions/v1/stripe-webhook`,
      events: [...WEBHOOK_EVENTS],
      cards_enabled: false,
      card_surcharge_bps: 0,
    });
    expect(text).not.toContain(standin.secretKey);
    expect(text).not.toContain(WEBHOOK_SECRET);
    expect((await call(member.token, 'GET')).status).toBe(403);
    expect((await call(member.token, 'POST')).status).toBe(403);

    const sent = await call(admin.token, 'POST');
    expect(sent.status).toBe(200);
    const { session_id } = (await sent.json()) as { session_id: string };
    await standin.api.webhooks.idle();
    // The admin reads the last webhook as the page does: through the API, RLS letting admins only.
    const { data } = await admin.client
      .from('stripe_events')
      .select('type, object_id, result')
      .order('received_at', { ascending: false })
      .limit(1);
    expect(data).toEqual([
      { type: 'checkout.session.expired', object_id: session_id, result: 'nothing_to_release' },
    ]);
    expect((await member.client.from('stripe_events').select('id')).data).toEqual([]);
  });

  it('charges the surcharge as its own line and records the payment without it', async () => {
    const admin = await signedIn(`admin2-${database}@settings.test`, true);
    expect(
      (await admin.client.rpc('set_card_payment_settings', { p_enabled: true, p_surcharge_bps: 120 })).error,
    ).toBeNull();
    const ada = await signedIn(`ada-${database}@settings.test`);
    const travellers = [await addTraveller(stack.db, ada.id, 'Ada Adult', 40)];
    const event = await addDeparture(stack.db, `surcharge-${database}`, { startsIn: 200, capacity: 4 });
    const booking = await bookAs(stack.db, ada.id, event, travellers);
    const response = await fetch(`${stack.url}/functions/v1/stripe-checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ada.token}`,
        apikey: stack.anonKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ booking_id: booking.id, purpose: 'deposit', return_to: '/manage-booking' }),
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const sessionId = /\/c\/pay\/([^/?]+)/.exec(url)![1]!;
    const surcharge = Math.floor((booking.deposit_cents * 120) / 10000);
    expect((await stripe.checkout.sessions.retrieve(sessionId)).amount_total).toBe(
      booking.deposit_cents + surcharge,
    );
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await standin.api.webhooks.idle();
    const state = await stack.db.query(
      `select b.status::text, bb.paid_cents, p.amount_cents, p.surcharge_cents
       from public.bookings b join public.booking_balances bb on bb.booking_id = b.id
       join public.payments p on p.booking_id = b.id where b.id = $1`,
      [booking.id],
    );
    expect(state.rows).toEqual([
      {
        status: 'confirmed',
        paid_cents: booking.deposit_cents,
        amount_cents: booking.deposit_cents,
        surcharge_cents: surcharge,
      },
    ]);
  });
});
