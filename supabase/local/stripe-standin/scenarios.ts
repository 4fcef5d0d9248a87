import type Stripe from 'stripe';

/**
 * The Stripe behaviours our card payments rely on, as scenarios that use only Stripe's public API and its
 * documented test payment methods, so they run unchanged against the stand-in (scenarios.test.ts) and
 * against a company's own account in test mode (check-account.ts). Where both pass, the stand-in and
 * Stripe agree on what we use.
 */
export interface ScenarioResult {
  name: string;
  ok: boolean;
  error?: string;
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

async function refused(attempt: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await attempt;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('Stripe accepted what it should refuse');
}

async function savedCard(stripe: Stripe, token: string) {
  const customer = await stripe.customers.create({ description: 'Card payments check (test mode)' });
  const card = await stripe.paymentMethods.attach(token, { customer: customer.id });
  return { customer: customer.id, card: card.id };
}

function offSession(stripe: Stripe, saved: { customer: string; card: string }, amount: number, key: string) {
  return stripe.paymentIntents.create(
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

const run = (stripe: Stripe, prefix: string): Record<string, () => Promise<void>> => ({
  'an off-session charge of a saved card succeeds, once per idempotency key': async () => {
    const saved = await savedCard(stripe, 'pm_card_visa');
    const first = await offSession(stripe, saved, 12_345, `${prefix}-charge`);
    check(first.status === 'succeeded' && first.amount_received === 12_345, `status ${first.status}`);
    const again = await offSession(stripe, saved, 12_345, `${prefix}-charge`);
    check(again.id === first.id, 'the same key made a second intent');
    const misuse = await refused(offSession(stripe, saved, 12_346, `${prefix}-charge`));
    check(misuse.type === 'StripeIdempotencyError', `got ${misuse.type}`);
  },
  'a declined card is a 402 card error and the intent waits for another card': async () => {
    const saved = await savedCard(stripe, 'pm_card_chargeCustomerFail');
    const declined = await refused(offSession(stripe, saved, 5_000, `${prefix}-declined`));
    check(declined.type === 'StripeCardError' && declined.statusCode === 402, `got ${declined.type}`);
    check(declined.code === 'card_declined', `code ${declined.code}`);
    check(declined.payment_intent?.status === 'requires_payment_method', 'intent status');
  },
  'a card that needs authentication off-session says authentication_required': async () => {
    const saved = await savedCard(stripe, 'pm_card_authenticationRequired');
    const error = await refused(offSession(stripe, saved, 5_000, `${prefix}-auth`));
    check(error.type === 'StripeCardError', `got ${error.type}`);
    check(error.code === 'authentication_required', `code ${error.code}`);
  },
  'refunds: part, then no more than is left, then the rest': async () => {
    const saved = await savedCard(stripe, 'pm_card_visa');
    const intent = await offSession(stripe, saved, 10_000, `${prefix}-refund`);
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 3_000 });
    check(part.amount === 3_000 && part.payment_intent === intent.id, 'partial refund');
    const tooMuch = await refused(stripe.refunds.create({ payment_intent: intent.id, amount: 7_001 }));
    check(tooMuch.type === 'StripeInvalidRequestError', `got ${tooMuch.type}`);
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    check(rest.amount === 7_000, `refunded ${rest.amount}`);
  },
  'a Checkout Session holds for at least 30 minutes and expires on request': async () => {
    const lineItems = [
      {
        quantity: 1,
        price_data: { currency: 'aud', unit_amount: 80_000, product_data: { name: 'Deposit' } },
      },
    ];
    const soon = await refused(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: lineItems,
        success_url: 'https://example.com/paid',
        expires_at: Math.floor(Date.now() / 1000) + 10 * 60,
      }),
    );
    check(soon.type === 'StripeInvalidRequestError' && soon.param === 'expires_at', `got ${soon.param}`);
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: lineItems,
      success_url: 'https://example.com/paid',
      metadata: { purpose: 'deposit' },
      payment_intent_data: { setup_future_usage: 'off_session' },
    });
    check(session.status === 'open' && session.amount_total === 80_000 && !!session.url, 'open session');
    const expired = await stripe.checkout.sessions.expire(session.id);
    check(expired.status === 'expired', `status ${expired.status}`);
    const twice = await refused(stripe.checkout.sessions.expire(session.id));
    check(twice.statusCode === 400, `status ${twice.statusCode}`);
  },
});

/** Runs every scenario; `prefix` keeps idempotency keys apart between runs on one account. */
export async function runScenarios(stripe: Stripe, prefix: string): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const [name, scenario] of Object.entries(run(stripe, prefix))) {
    try {
      await scenario();
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
