import {
  listPage,
  metadata,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
  type Api,
  type Handler,
} from '../api.ts';
import { invalidRequest, missing, requiredParam } from '../errors.ts';
import type { StripeObject } from '../state.ts';
import { chargeIntent, paymentMethodFor } from './cards.ts';
import { customerFor } from './customers.ts';

/**
 * PaymentIntents: create (optionally confirming at once, off-session with a saved card, as Stripe's 'charge
 * a saved card' guide does: https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method),
 * confirm, retrieve.
 */
export function intentFor(api: Api, id: string): StripeObject {
  const found = api.state.find(id, 'payment_intent');
  if (!found) throw missing('payment_intent', id, 'intent');
  return found;
}

export function newIntent(
  api: Api,
  fields: { amount: number; currency: string; customer: string | null; metadata: Record<string, string> },
  extra: Record<string, unknown> = {},
): StripeObject {
  return api.state.save({
    id: api.state.newId('pi'),
    object: 'payment_intent',
    amount: fields.amount,
    amount_received: 0,
    created: api.state.now(),
    currency: fields.currency,
    customer: fields.customer,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata,
    payment_method: null,
    payment_method_types: ['card'],
    setup_future_usage: null,
    status: 'requires_payment_method',
    ...extra,
  });
}

/** Amounts in the smallest unit: at least 50 (Stripe's minimum for AUD is $0.50), at most 8 digits. */
export function checkAmount(amount: number | null, param = 'amount'): number {
  if (amount === null) throw requiredParam(param);
  if (amount < 50) {
    throw invalidRequest('Amount must be at least $0.50 aud', param, 'amount_too_small');
  }
  if (amount > 99_999_999) {
    throw invalidRequest('Amount must be no more than $999,999.99', param, 'amount_too_large');
  }
  return amount;
}

function confirm(api: Api, intent: StripeObject, methodId: string | null, offSession: boolean): void {
  if (intent['status'] === 'succeeded') {
    throw invalidRequest(
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  const id = methodId ?? (intent['payment_method'] as string | null);
  if (!id) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method.",
      'payment_method',
      'payment_intent_unexpected_state',
    );
  }
  const card = paymentMethodFor(api, id);
  if (offSession && intent['customer'] && card['customer'] !== intent['customer']) {
    throw invalidRequest(
      `The provided PaymentMethod ${card.id} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
      'payment_method',
    );
  }
  chargeIntent(api, intent, card, offSession);
}

export const createPaymentIntent: Handler = (api, { params }) => {
  const amount = checkAmount(optionalInteger(params, 'amount'));
  const currency = requiredString(params, 'currency').toLowerCase();
  const customer = optionalString(params, 'customer');
  if (customer) customerFor(api, customer);
  const offSession = optionalBoolean(params, 'off_session') ?? false;
  const intent = newIntent(
    api,
    { amount, currency, customer, metadata: metadata(params) },
    {
      description: optionalString(params, 'description'),
      setup_future_usage: optionalString(params, 'setup_future_usage'),
    },
  );
  const method = optionalString(params, 'payment_method');
  if (method) intent['payment_method'] = paymentMethodFor(api, method).id;
  if (optionalBoolean(params, 'confirm')) confirm(api, intent, null, offSession);
  else if (method) intent['status'] = 'requires_confirmation';
  return intent;
};

export const confirmPaymentIntent: Handler = (api, { params, ids }) => {
  const intent = intentFor(api, ids[0] ?? '');
  confirm(
    api,
    intent,
    optionalString(params, 'payment_method'),
    optionalBoolean(params, 'off_session') ?? false,
  );
  return intent;
};

export const retrievePaymentIntent: Handler = (api, { ids }) => intentFor(api, ids[0] ?? '');

/** Lists PaymentIntents, newest first, paged and filtered by `created` and `customer` (https://docs.stripe.com/api/payment_intents/list). */
export const listPaymentIntents: Handler = (api, { params }) => {
  const customer = optionalString(params, 'customer');
  const intents = [...api.state.objects.values()].filter(
    (object) => object.object === 'payment_intent' && (!customer || object['customer'] === customer),
  );
  return listPage(intents, params, '/v1/payment_intents');
};
