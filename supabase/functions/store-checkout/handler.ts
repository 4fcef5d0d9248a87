import type Stripe from 'stripe';
import { rememberSession, type CheckoutOptions } from '../_shared/checkout.ts';
import { answer, paymentRefusal, preflight, siteFor } from '../_shared/http.ts';

/**
 * Pays a store order by card (decision 0091), a payment of its own apart from any trip's. A signed-in member
 * POSTs `{ order_id }`; the database answers as that member (public.order_to_pay_by_card: their own card
 * order, still awaiting payment) with the order's total, then this makes a Stripe Checkout Session for
 * exactly that total, stores its id on the order with the service role, and answers `{ url }`. The webhook
 * marks the order paid (metadata.order_id). Errors answer `{ message }` in words for the member.
 * Web-standard Request/Response only, so a unit test runs it in Node too.
 */

/** Where the member comes back to: the order's page, which is also its tax invoice. */
export const ORDER_PAGE = '/store/order';

/**
 * The session's end: 4 minutes before the order's (35 minutes after it was placed), so the webhook's word
 * that it expired arrives while the order is still held. Derived from the order, not the clock, so a retried
 * request sends the same parameters under the same idempotency key and gets the same session back.
 */
const SESSION_MARGIN_SECONDS = 4 * 60;

interface OrderToPay {
  id: string;
  number: string;
  total_cents: number;
  currency: string;
  expires_at: string;
}

export async function handleStoreCheckout(request: Request, options: CheckoutOptions): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return answer(405, { message: 'Use POST.' });
  if (!options.secretKey || !options.siteUrl)
    return answer(503, {
      message: 'Card payments are not set up yet. Please contact us to pay another way.',
    });
  const authorization = request.headers.get('authorization');
  if (!authorization) return answer(401, { message: 'Please sign in to pay by card.' });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return answer(400, { message: 'Send the order you are paying for.' });
  }
  const orderId = (body as { order_id?: unknown } | null)?.order_id;
  if (typeof orderId !== 'string' || !/^[0-9a-f-]{36}$/i.test(orderId))
    return answer(400, { message: 'No such order.' });
  const doFetch = options.fetch ?? fetch;

  // 1. The order as the member may pay it: the amount is the database's, never the browser's.
  const asked = await doFetch(`${options.url}/rest/v1/rpc/order_to_pay_by_card`, {
    method: 'POST',
    headers: { apikey: options.anonKey, authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ p_order_id: orderId }),
  });
  if (!asked.ok)
    return paymentRefusal(asked, {
      notFound: 'No such order.',
      label: 'store-checkout: order_to_pay_by_card',
    });
  const order = (await asked.json()) as OrderToPay;

  // 2. The Checkout Session, once per order whatever retries happen (the idempotency key).
  const back = `${siteFor(request, options.siteUrl)}${ORDER_PAGE}?order=${order.id}`;
  const metadata = { order_id: order.id, order_number: order.number };
  let session: Stripe.Checkout.Session;
  try {
    session = await options.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: order.id,
        metadata,
        payment_intent_data: { metadata, description: `Store order ${order.number}` },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: order.total_cents,
              product_data: { name: `Store order ${order.number}` },
            },
          },
        ],
        expires_at: Math.floor(Date.parse(order.expires_at) / 1000) - SESSION_MARGIN_SECONDS,
        success_url: `${back}&card=paid`,
        cancel_url: `${back}&card=cancelled`,
      },
      { idempotencyKey: `store-order-${order.id}` },
    );
  } catch (error) {
    console.error(`store-checkout: Stripe refused the session for order ${order.id}: ${String(error)}`);
    return answer(502, { message: 'The card payment page could not be opened. Please try again shortly.' });
  }

  // 3. The order learns its session.
  await rememberSession(options, 'orders', order.id, session.id, 'store-checkout');
  return answer(200, { url: session.url });
}
