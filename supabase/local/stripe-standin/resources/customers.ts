import { list, metadata, optionalString, requiredString, type Api, type Call, type Handler } from '../api.ts';
import { invalidRequest, missing } from '../errors.ts';
import type { StripeObject } from '../state.ts';
import { checkAttachable, paymentMethodFor } from './cards.ts';

/** Customers, the cards saved on them, and minimal SetupIntents (save a card without charging it). */
export function customerFor(api: Api, id: string, param = 'customer'): StripeObject {
  const found = api.state.find(id, 'customer');
  if (!found) throw missing('customer', id, param);
  return found;
}

export const createCustomer: Handler = (api, { params }) =>
  api.state.save({
    id: api.state.newId('cus'),
    object: 'customer',
    created: api.state.now(),
    email: optionalString(params, 'email'),
    name: optionalString(params, 'name'),
    description: optionalString(params, 'description'),
    invoice_settings: { default_payment_method: null },
    livemode: false,
    metadata: metadata(params),
  });

export const retrieveCustomer: Handler = (api, { ids }) => customerFor(api, ids[0] ?? '');

function cardsOf(api: Api, customer: string): StripeObject[] {
  return [...api.state.objects.values()].filter(
    (object) => object.object === 'payment_method' && object['customer'] === customer,
  );
}

export const listCustomerPaymentMethods: Handler = (api, { ids }) => {
  const customer = customerFor(api, ids[0] ?? '');
  return list(cardsOf(api, customer.id), `/v1/customers/${customer.id}/payment_methods`);
};

export const listPaymentMethods: Handler = (api, { params }) => {
  const customer = customerFor(api, requiredString(params, 'customer'));
  return list(cardsOf(api, customer.id), '/v1/payment_methods');
};

export const retrievePaymentMethod: Handler = (api, { ids }) => {
  const found = api.state.find(ids[0] ?? '', 'payment_method');
  if (!found) throw missing('payment_method', ids[0] ?? '');
  return found;
};

export const attachPaymentMethod: Handler = (api, { params, ids }) => {
  const customer = customerFor(api, requiredString(params, 'customer'));
  checkAttachable(ids[0] ?? '');
  const card = paymentMethodFor(api, ids[0] ?? '', 'payment_method');
  if (card['customer'] && card['customer'] !== customer.id) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
    );
  }
  card['customer'] = customer.id;
  api.webhooks.emit('payment_method.attached', card);
  return card;
};

export const detachPaymentMethod: Handler = (api, call: Call) => {
  const card = retrievePaymentMethod(api, call) as StripeObject;
  if (!card['customer']) {
    throw invalidRequest(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
    );
  }
  card['customer'] = null;
  api.webhooks.emit('payment_method.detached', card);
  return card;
};

export const createSetupIntent: Handler = (api, { params, idempotencyKey }) => {
  const customer = optionalString(params, 'customer');
  if (customer) customerFor(api, customer);
  const intent: StripeObject = api.state.save({
    id: api.state.newId('seti'),
    object: 'setup_intent',
    created: api.state.now(),
    customer,
    livemode: false,
    metadata: metadata(params),
    payment_method: null,
    status: 'requires_payment_method',
    usage: optionalString(params, 'usage') ?? 'off_session',
  });
  const method = optionalString(params, 'payment_method');
  if (method) {
    const card = paymentMethodFor(api, method);
    intent['payment_method'] = card.id;
    intent['status'] = 'requires_confirmation';
    if (optionalString(params, 'confirm') === 'true') {
      if (customer) card['customer'] = customer;
      intent['status'] = 'succeeded';
      api.webhooks.emit('setup_intent.succeeded', intent, idempotencyKey);
    }
  }
  return intent;
};

export const retrieveSetupIntent: Handler = (api, { ids }) => {
  const found = api.state.find(ids[0] ?? '', 'setup_intent');
  if (!found) throw missing('setup_intent', ids[0] ?? '', 'intent');
  return found;
};
