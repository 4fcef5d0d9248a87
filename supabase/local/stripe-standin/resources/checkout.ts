import {
  asArray,
  metadata,
  optionalInteger,
  optionalObject,
  optionalString,
  type Api,
  type Handler,
} from '../api.ts';
import { invalidRequest, missing, requiredParam } from '../errors.ts';
import type { FormObject, FormValue } from '../form.ts';
import type { CardBehaviour, StripeObject } from '../state.ts';
import { chargeIntent, newCard } from './cards.ts';
import { customerFor } from './customers.ts';
import { checkAmount, newIntent } from './payment-intents.ts';

/**
 * Checkout Sessions (https://docs.stripe.com/api/checkout/sessions): create with `price_data` line items,
 * retrieve, expire; and what the hosted page does when the customer pays, is declined, authenticates or
 * leaves. As in API versions since 2022-08-01, the PaymentIntent is made when the customer pays, so an open
 * session's `payment_intent` is null.
 */
const MIN_EXPIRY = 30 * 60;
const MAX_EXPIRY = 24 * 60 * 60;

export function sessionFor(api: Api, id: string): StripeObject {
  const found = api.state.find(id, 'checkout.session');
  if (!found) throw missing('checkout.session', id, 'session');
  return found;
}

function lineItemAmount(item: FormValue, index: number): { amount: number; currency: string } {
  if (typeof item !== 'object' || Array.isArray(item)) throw requiredParam(`line_items[${index}]`);
  const priceData = optionalObject(item, 'price_data');
  if (!priceData) {
    throw invalidRequest(
      'The stand-in supports line items with price_data only.',
      `line_items[${index}][price]`,
    );
  }
  const unit = checkAmount(
    optionalInteger(priceData, 'unit_amount'),
    `line_items[${index}][price_data][unit_amount]`,
  );
  const currency = optionalString(priceData, 'currency');
  if (!currency) throw requiredParam(`line_items[${index}][price_data][currency]`);
  const quantity = optionalInteger(item as FormObject, 'quantity') ?? 1;
  return { amount: unit * quantity, currency: currency.toLowerCase() };
}

function expiresAt(api: Api, params: FormObject): number {
  const now = api.state.now();
  const given = optionalInteger(params, 'expires_at');
  if (given === null) return now + MAX_EXPIRY;
  if (given < now + MIN_EXPIRY) {
    throw invalidRequest(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  }
  if (given > now + MAX_EXPIRY) {
    throw invalidRequest(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  return given;
}

export const createSession: Handler = (api, { params }) => {
  const mode = optionalString(params, 'mode');
  if (mode !== 'payment' && mode !== 'setup') {
    throw invalidRequest('The stand-in supports mode payment or setup.', 'mode');
  }
  const customer = optionalString(params, 'customer');
  if (customer) customerFor(api, customer);
  let amount: number | null = null;
  let currency = optionalString(params, 'currency');
  if (mode === 'payment') {
    const items = asArray(params['line_items']).map(lineItemAmount);
    if (items.length === 0) throw requiredParam('line_items');
    amount = items.reduce((sum, item) => sum + item.amount, 0);
    currency = items[0]?.currency ?? null;
  }
  const intentData = optionalObject(params, 'payment_intent_data') ?? {};
  const id = api.state.newId('cs');
  return api.state.save({
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: optionalString(params, 'cancel_url'),
    client_reference_id: optionalString(params, 'client_reference_id'),
    created: api.state.now(),
    currency,
    customer,
    customer_email: optionalString(params, 'customer_email'),
    expires_at: expiresAt(api, params),
    livemode: false,
    metadata: metadata(params),
    mode,
    payment_intent: null,
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    setup_intent: null,
    status: 'open',
    success_url: optionalString(params, 'success_url'),
    url: `${api.baseUrl}/c/pay/${id}`,
    // Kept for the PaymentIntent the customer's payment makes; not a field Stripe returns.
    standin_payment_intent_data: {
      metadata: metadata(intentData),
      setup_future_usage: optionalString(intentData, 'setup_future_usage'),
      description: optionalString(intentData, 'description'),
    },
  });
};

/** The session as Stripe returns it: without the stand-in's own bookkeeping field. */
export function shown(session: StripeObject): StripeObject {
  const { standin_payment_intent_data: _kept, ...visible } = session;
  return visible as StripeObject;
}

export const retrieveSession: Handler = (api, { ids }) => {
  expireDue(api);
  return shown(sessionFor(api, ids[0] ?? ''));
};

export function expireSession(api: Api, session: StripeObject): StripeObject {
  if (session['status'] !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session['status'])}".`,
      'session',
    );
  }
  session['status'] = 'expired';
  session['url'] = null;
  api.webhooks.emit('checkout.session.expired', shown(session));
  return shown(session);
}

export const expire: Handler = (api, { ids }) => expireSession(api, sessionFor(api, ids[0] ?? ''));

/** Sessions past their `expires_at` expire, as Stripe's do (checked on each request and every second). */
export function expireDue(api: Api): void {
  const now = api.state.now();
  for (const object of api.state.objects.values()) {
    if (
      object.object === 'checkout.session' &&
      object['status'] === 'open' &&
      Number(object['expires_at']) <= now
    ) {
      expireSession(api, object);
    }
  }
}

function complete(api: Api, session: StripeObject, paymentStatus: string): void {
  session['status'] = 'complete';
  session['payment_status'] = paymentStatus;
  session['url'] = null;
  session['customer_details'] = { email: session['customer_email'] ?? null, name: null };
  api.webhooks.emit('checkout.session.completed', shown(session));
}

/**
 * The customer pays on the hosted page with a card that behaves as given. Returns the decline message the
 * page shows, or null when the session completed. `delayed` stands for a method that settles later (BECS
 * Direct Debit): the session completes `unpaid` and settleDelayed decides it.
 */
export function payOnPage(
  api: Api,
  session: StripeObject,
  behaviour: CardBehaviour | 'delayed',
): string | null {
  if (session['status'] !== 'open') return 'This checkout session is no longer open.';
  const kept = session['standin_payment_intent_data'] as {
    metadata: Record<string, string>;
    setup_future_usage: string | null;
    description: string | null;
  };
  const card = newCard(api, { behaviour: behaviour === 'delayed' ? 'succeeds' : behaviour });
  if (session['mode'] === 'setup') {
    const intent = api.state.save({
      id: api.state.newId('seti'),
      object: 'setup_intent',
      created: api.state.now(),
      customer: session['customer'],
      livemode: false,
      metadata: session['metadata'],
      payment_method: card.id,
      status: 'succeeded',
      usage: 'off_session',
    });
    card['customer'] = session['customer'];
    session['setup_intent'] = intent.id;
    api.webhooks.emit('setup_intent.succeeded', intent);
    complete(api, session, 'no_payment_required');
    return null;
  }
  const intent = session['payment_intent']
    ? (api.state.find(String(session['payment_intent']), 'payment_intent') as StripeObject)
    : newIntent(
        api,
        {
          amount: Number(session['amount_total']),
          currency: String(session['currency']),
          customer: (session['customer'] as string | null) ?? null,
          metadata: kept.metadata,
        },
        { description: kept.description, setup_future_usage: kept.setup_future_usage },
      );
  session['payment_intent'] = intent.id;
  if (behaviour === 'delayed') {
    intent['payment_method'] = card.id;
    intent['status'] = 'processing';
    complete(api, session, 'unpaid');
    return null;
  }
  try {
    chargeIntent(api, intent, card, false);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  complete(api, session, 'paid');
  return null;
}

/** A delayed payment settles: `checkout.session.async_payment_succeeded` or `…_failed`. */
export function settleDelayed(api: Api, session: StripeObject, succeeded: boolean): StripeObject {
  const intent = api.state.find(String(session['payment_intent']), 'payment_intent');
  if (session['status'] !== 'complete' || session['payment_status'] !== 'unpaid' || !intent) {
    throw invalidRequest('Only a completed session whose payment is still processing can settle.', 'session');
  }
  const card = api.state.find(String(intent['payment_method']), 'payment_method') as StripeObject;
  if (succeeded) {
    chargeIntent(api, intent, card, false);
    session['payment_status'] = 'paid';
    api.webhooks.emit('checkout.session.async_payment_succeeded', shown(session));
  } else {
    intent['status'] = 'requires_payment_method';
    api.webhooks.emit('payment_intent.payment_failed', intent);
    api.webhooks.emit('checkout.session.async_payment_failed', shown(session));
  }
  return shown(session);
}
