import type { Handler } from './api.ts';
import * as account from './resources/account.ts';
import * as checkout from './resources/checkout.ts';
import * as customers from './resources/customers.ts';
import * as events from './resources/events.ts';
import * as intents from './resources/payment-intents.ts';
import * as refunds from './resources/refunds.ts';

/** The part of Stripe's v1 API the stand-in speaks: method, path (ids as `:id`), handler. */
const ID = '([A-Za-z0-9_]+)';

const table: [string, string, Handler][] = [
  ['GET', '/v1/account', account.retrieveAccount],
  ['POST', '/v1/checkout/sessions', checkout.createSession],
  ['GET', `/v1/checkout/sessions/${ID}`, checkout.retrieveSession],
  ['POST', `/v1/checkout/sessions/${ID}/expire`, checkout.expire],
  ['POST', '/v1/payment_intents', intents.createPaymentIntent],
  ['GET', '/v1/payment_intents', intents.listPaymentIntents],
  ['GET', `/v1/payment_intents/${ID}`, intents.retrievePaymentIntent],
  ['POST', `/v1/payment_intents/${ID}/confirm`, intents.confirmPaymentIntent],
  ['POST', '/v1/setup_intents', customers.createSetupIntent],
  ['GET', `/v1/setup_intents/${ID}`, customers.retrieveSetupIntent],
  ['POST', '/v1/customers', customers.createCustomer],
  ['GET', `/v1/customers/${ID}`, customers.retrieveCustomer],
  ['GET', `/v1/customers/${ID}/payment_methods`, customers.listCustomerPaymentMethods],
  ['GET', '/v1/payment_methods', customers.listPaymentMethods],
  ['GET', `/v1/payment_methods/${ID}`, customers.retrievePaymentMethod],
  ['POST', `/v1/payment_methods/${ID}/attach`, customers.attachPaymentMethod],
  ['POST', `/v1/payment_methods/${ID}/detach`, customers.detachPaymentMethod],
  ['POST', '/v1/refunds', refunds.createRefund],
  ['GET', '/v1/refunds', refunds.listRefunds],
  ['GET', `/v1/refunds/${ID}`, refunds.retrieveRefund],
  ['GET', '/v1/events', events.listEvents],
  ['GET', `/v1/events/${ID}`, events.retrieveEvent],
];

const compiled = table.map(([method, path, handler]) => ({
  method,
  pattern: new RegExp(`^${path}$`),
  handler,
}));

export function route(method: string, path: string): { handler: Handler; ids: string[] } | null {
  for (const entry of compiled) {
    if (entry.method !== method) continue;
    const match = entry.pattern.exec(path);
    if (match) return { handler: entry.handler, ids: match.slice(1) };
  }
  return null;
}
