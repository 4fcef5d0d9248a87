import type { Api } from '../api.ts';
import { StripeError } from '../errors.ts';
import type { CardBehaviour, StripeObject } from '../state.ts';

/**
 * Payment methods and the card charges behind PaymentIntents. The test payment methods Stripe documents
 * (https://docs.stripe.com/testing#cards) are understood, so the same scenarios run against Stripe's test
 * mode: attaching `pm_card_visa` makes a new card that succeeds, and so on.
 */
const TEST_PAYMENT_METHODS: Record<string, { behaviour: CardBehaviour; last4: string; brand: string }> = {
  pm_card_visa: { behaviour: 'succeeds', last4: '4242', brand: 'visa' },
  pm_card_mastercard: { behaviour: 'succeeds', last4: '4444', brand: 'mastercard' },
  // 4000000000000341: "Attaching this card to a Customer object succeeds, but attempts to charge the
  // customer fail." (pm_card_chargeDeclined, 4000000000000002, is declined when attached: see attachable.)
  pm_card_chargeCustomerFail: { behaviour: 'declined', last4: '0341', brand: 'visa' },
  pm_card_chargeDeclined: { behaviour: 'declined', last4: '0002', brand: 'visa' },
  pm_card_chargeDeclinedInsufficientFunds: { behaviour: 'insufficient_funds', last4: '9995', brand: 'visa' },
  pm_card_authenticationRequired: { behaviour: 'authentication_required', last4: '3184', brand: 'visa' },
};

/** Test cards Stripe declines as soon as they are attached to a customer (attaching checks the card). */
const DECLINED_ON_ATTACH = new Set(['pm_card_chargeDeclined', 'pm_card_chargeDeclinedInsufficientFunds']);

/** Refuses, as Stripe does, to attach a test card that is declined outright. */
export function checkAttachable(id: string): void {
  if (!DECLINED_ON_ATTACH.has(id)) return;
  const insufficient = id.endsWith('InsufficientFunds');
  throw new StripeError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
    message: insufficient ? 'Your card has insufficient funds.' : 'Your card was declined.',
    param: '',
  });
}

export function newCard(
  api: Api,
  options: { behaviour?: CardBehaviour; last4?: string; brand?: string; customer?: string | null } = {},
): StripeObject {
  const card = api.state.save({
    id: api.state.newId('pm'),
    object: 'payment_method',
    type: 'card',
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      brand: options.brand ?? 'visa',
      country: 'AU',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      funding: 'credit',
      last4: options.last4 ?? '4242',
    },
    created: api.state.now(),
    customer: options.customer ?? null,
    livemode: false,
    metadata: {},
  });
  api.state.cardBehaviour.set(card.id, options.behaviour ?? 'succeeds');
  return card;
}

/** A payment method by id; a test payment method id makes a fresh card, as Stripe does. */
export function paymentMethodFor(api: Api, id: string, param = 'payment_method'): StripeObject {
  const test = TEST_PAYMENT_METHODS[id];
  if (test) return newCard(api, test);
  const found = api.state.find(id, 'payment_method');
  if (!found) {
    throw new StripeError(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such PaymentMethod: '${id}'`,
      param,
    });
  }
  return found;
}

const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  expired_card: 'Your card has expired.',
};

/** Why a charge on this card fails now, or null when it succeeds. */
export function declineFor(api: Api, card: StripeObject, offSession: boolean): string | null {
  const forced = api.state.takeFailNextCard();
  if (forced) return forced;
  if (offSession && api.state.switches.requireAuthenticationOffSession) return 'authentication_required';
  const behaviour = api.state.cardBehaviour.get(card.id) ?? 'succeeds';
  if (behaviour === 'declined') return 'generic_decline';
  if (behaviour === 'insufficient_funds') return 'insufficient_funds';
  if (behaviour === 'authentication_required' && offSession) return 'authentication_required';
  return null;
}

/**
 * Charges a PaymentIntent's card. Success: a Charge, the intent `succeeded`, and `charge.succeeded` then
 * `payment_intent.succeeded`. A decline: the intent back to `requires_payment_method` with
 * `last_payment_error`, `payment_intent.payment_failed`, and the 402 card error Stripe answers
 * (https://docs.stripe.com/declines/codes), saved by the idempotency layer.
 */
export function chargeIntent(api: Api, intent: StripeObject, card: StripeObject, offSession: boolean): void {
  const decline = declineFor(api, card, offSession);
  intent['payment_method'] = card.id;
  if (decline) {
    const code = decline === 'authentication_required' ? 'authentication_required' : 'card_declined';
    const lastError = {
      type: 'card_error',
      code,
      decline_code: decline,
      message: DECLINE_MESSAGES[decline] ?? 'Your card was declined.',
      payment_method: structuredClone(card),
    };
    intent['status'] = 'requires_payment_method';
    intent['last_payment_error'] = lastError;
    api.webhooks.emit('payment_intent.payment_failed', intent);
    const { payment_method: _card, ...fields } = lastError;
    throw new StripeError(
      402,
      { ...fields, type: 'card_error', payment_intent: structuredClone(intent) },
      true,
    );
  }
  const charge = api.state.save({
    id: api.state.newId('ch'),
    object: 'charge',
    amount: intent['amount'],
    amount_captured: intent['amount'],
    amount_refunded: 0,
    captured: true,
    created: api.state.now(),
    currency: intent['currency'],
    customer: intent['customer'] ?? null,
    livemode: false,
    metadata: intent['metadata'] ?? {},
    paid: true,
    payment_intent: intent.id,
    payment_method: card.id,
    refunded: false,
    status: 'succeeded',
  });
  intent['status'] = 'succeeded';
  intent['amount_received'] = intent['amount'];
  intent['latest_charge'] = charge.id;
  intent['last_payment_error'] = null;
  if (intent['setup_future_usage'] && intent['customer'] && !card['customer']) {
    card['customer'] = intent['customer'];
  }
  api.webhooks.emit('charge.succeeded', charge);
  api.webhooks.emit('payment_intent.succeeded', intent);
}
