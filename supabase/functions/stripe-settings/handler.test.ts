import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  sdkFor,
  startHarness,
  WEBHOOK_SECRET,
  type Harness,
} from '../../local/stripe-standin/sdk-helpers.ts';
import { WEBHOOK_EVENTS } from '../_shared/stripe-events.ts';
import { handleStripeSettings, stripeMode, type SettingsOptions } from './handler.ts';

// The handler in Node against the Stripe stand-in (decision 0084), with the database's answer to "is this an
// admin?" played by a fetch: what it answers, that it never answers a secret, and the test event Stripe
// sends. The stack test (supabase/local/test/functions/stripe-settings.conformance.test.ts) runs it under
// Deno with the real database.

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

function options(overrides: Partial<SettingsOptions> = {}, admin = true) {
  const calls: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    calls.push(String(url));
    return admin
      ? Response.json([{ cards_enabled: true, card_surcharge_bps: 120 }])
      : Response.json(
          { code: '42501', message: 'only admins see the card payment settings' },
          { status: 403 },
        );
  }) as typeof globalThis.fetch;
  return {
    calls,
    options: {
      stripe: sdkFor(h.standin),
      secretKey: h.standin.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      url: 'https://ref.supabase.example',
      anonKey: 'anon',
      siteUrl: 'https://site.example',
      fetch,
      ...overrides,
    },
  };
}

const get = (headers: Record<string, string> = { authorization: 'Bearer admin' }) =>
  new Request('https://x.test/stripe-settings', { headers });
const post = () =>
  new Request('https://x.test/stripe-settings', {
    method: 'POST',
    headers: { authorization: 'Bearer admin' },
  });

describe('handleStripeSettings', () => {
  it('tells an admin the mode, the account, the webhook URL and events, and the card settings', async () => {
    const { options: o, calls } = options();
    const response = await handleStripeSettings(get(), o);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      secret_key_set: true,
      webhook_secret_set: true,
      mode: 'test',
      account_name: 'Stand-in test account',
      account_problem: null,
      webhook_url: 'https://ref.supabase.example/functions/v1/stripe-webhook',
      events: [...WEBHOOK_EVENTS],
      cards_enabled: true,
      card_surcharge_bps: 120,
    });
    // The secrets never leave the function's environment.
    expect(text).not.toContain(h.standin.secretKey);
    expect(text).not.toContain(WEBHOOK_SECRET);
    expect(calls).toEqual(['https://ref.supabase.example/rest/v1/rpc/admin_card_payment_settings']);
  });

  it('says what is missing when no keys are set, and when Stripe refuses the key', async () => {
    const unset = await handleStripeSettings(
      get(),
      options({ secretKey: undefined, webhookSecret: undefined }).options,
    );
    expect(await unset.json()).toMatchObject({
      secret_key_set: false,
      webhook_secret_set: false,
      mode: null,
      account_name: null,
      account_problem: null,
    });
    const wrong = await handleStripeSettings(
      get(),
      options({ stripe: sdkFor(h.standin, 'sk_live_wrong'), secretKey: 'sk_live_wrong' }).options,
    );
    expect(await wrong.json()).toMatchObject({
      mode: 'live',
      account_name: null,
      account_problem: 'Stripe refused the secret key: check STRIPE_SECRET_KEY.',
    });
  });

  it('refuses anyone the database says is not an admin, and a caller without a token, calling Stripe for neither', async () => {
    const member = await handleStripeSettings(get(), options({}, false).options);
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ message: 'Only admins can see the Stripe settings.' });
    const { options: o, calls } = options();
    expect((await handleStripeSettings(get({}), o)).status).toBe(401);
    expect((await handleStripeSettings(new Request('https://x.test/', { method: 'PUT' }), o)).status).toBe(
      405,
    );
    expect(calls).toHaveLength(0);
    expect([...h.standin.api.state.objects.values()].map((object) => object.object)).toEqual([]);
  });

  it('sends a real event: a session made and expired at once, delivered signed to the webhook', async () => {
    const response = await handleStripeSettings(post(), options().options);
    expect(response.status).toBe(200);
    const { session_id } = (await response.json()) as { session_id: string };
    const session = await h.stripe.checkout.sessions.retrieve(session_id);
    expect(session).toMatchObject({ status: 'expired', metadata: { purpose: 'webhook_check' } });
    const events = await h.verifiedEvents();
    expect(events.map((event) => [event.type, (event.data.object as { id: string }).id])).toContainEqual([
      'checkout.session.expired',
      session_id,
    ]);
    const unset = await handleStripeSettings(post(), options({ siteUrl: undefined }).options);
    expect(unset.status).toBe(503);
  });

  it('reads test or live from the key prefix only', () => {
    expect(['sk_test_1', 'rk_live_2', 'pk_test_3', 'whatever', undefined, ''].map(stripeMode)).toEqual([
      'test',
      'live',
      'unknown',
      'unknown',
      null,
      null,
    ]);
  });

  it('lists only event types the database acts on', () => {
    const schema = readFileSync(new URL('../../schemas/21_card_payments.sql', import.meta.url), 'utf8');
    const body = schema.slice(schema.indexOf('CREATE FUNCTION public.apply_stripe_event'));
    for (const type of WEBHOOK_EVENTS) expect(body).toContain(`'${type}'`);
  });
});
