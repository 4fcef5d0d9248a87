import { listPage, metadata, optionalInteger, optionalString, type Handler } from '../api.ts';
import { invalidRequest, missing, requiredParam, StripeError } from '../errors.ts';
import { intentFor } from './payment-intents.ts';

/**
 * Refunds on a PaymentIntent (https://docs.stripe.com/api/refunds/create): the whole of what is left, or a
 * part. Card refunds here succeed at once; `refund.created` and `charge.refunded` follow.
 */
const REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

export const createRefund: Handler = (api, { params, idempotencyKey }) => {
  const intentId = optionalString(params, 'payment_intent');
  const chargeId = optionalString(params, 'charge');
  if (!intentId && !chargeId) throw requiredParam('payment_intent');
  const intent = intentId ? intentFor(api, intentId) : null;
  const charge = api.state.find(chargeId ?? String(intent?.['latest_charge'] ?? ''), 'charge');
  if (!charge) {
    if (chargeId) throw missing('charge', chargeId, 'charge');
    throw invalidRequest(
      `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      'payment_intent',
    );
  }
  const left = Number(charge['amount']) - Number(charge['amount_refunded']);
  if (left === 0) {
    throw invalidRequest(
      `Charge ${charge.id} has already been refunded.`,
      undefined,
      'charge_already_refunded',
    );
  }
  const amount = optionalInteger(params, 'amount') ?? left;
  if (amount < 1) throw invalidRequest('Invalid positive integer', 'amount');
  if (amount > left) {
    throw new StripeError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_large',
      message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      param: 'amount',
    });
  }
  const reason = optionalString(params, 'reason');
  if (reason && !REASONS.has(reason)) throw invalidRequest(`Invalid reason: ${reason}`, 'reason');
  const refund = api.state.save({
    id: api.state.newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    created: api.state.now(),
    currency: charge['currency'],
    metadata: metadata(params),
    payment_intent: charge['payment_intent'],
    reason,
    status: 'succeeded',
  });
  charge['amount_refunded'] = Number(charge['amount_refunded']) + amount;
  charge['refunded'] = charge['amount_refunded'] === charge['amount'];
  api.webhooks.emit('refund.created', refund, idempotencyKey);
  api.webhooks.emit('charge.refunded', charge, idempotencyKey);
  return refund;
};

export const retrieveRefund: Handler = (api, { ids }) => {
  const found = api.state.find(ids[0] ?? '', 'refund');
  if (!found) throw missing('refund', ids[0] ?? '', 'refund');
  return found;
};

/** Lists refunds, newest first, paged and filtered by `created`, `payment_intent` or `charge` (https://docs.stripe.com/api/refunds/list). */
export const listRefunds: Handler = (api, { params }) => {
  const intent = optionalString(params, 'payment_intent');
  const charge = optionalString(params, 'charge');
  const refunds = [...api.state.objects.values()].filter(
    (object) =>
      object.object === 'refund' &&
      (!intent || object['payment_intent'] === intent) &&
      (!charge || object['charge'] === charge),
  );
  return listPage(refunds, params, '/v1/refunds');
};
