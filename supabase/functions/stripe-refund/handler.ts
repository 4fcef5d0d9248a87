import type Stripe from 'stripe';
import { answer, preflight } from '../_shared/http.ts';
import { makeOrderRefunds } from './order-refunds.ts';

/**
 * Makes the card refunds admins asked for (decision 0090). POST `{ request_id }` right after an admin's
 * public.request_card_refund (the admin check, the amount against what is left of THAT payment and the
 * reason are the database's), or `{}` from the scheduler's sweep for every refund still waiting. Each is
 * made for the amount card_refunds_to_make gives (a card surcharge going back included: decision 0096) on
 * its payment's PaymentIntent with the idempotency key `refund-<request id>`, so a retry after a lost
 * answer makes it once, and Stripe's answer goes back to the database (public.settle_card_refund_request),
 * which records a succeeded refund in the ledger. Stripe's refusal is kept on the request in Stripe's words;
 * Stripe unreachable leaves it waiting for the next sweep. Web-standard Request/Response only, so a unit test
 * runs it in Node too. Store orders' refunds (decision 0097, order-refunds.ts) are asked for apart:
 * `{ order_refund_id }` after public.refund_order, `{ kind: 'order' }` from their own sweep.
 */
export interface RefundOptions {
  stripe: Stripe;
  /** STRIPE_SECRET_KEY: unset, cards are not set up and nothing is called. */
  secretKey: string | undefined;
  /** The project's API origin (SUPABASE_URL), no trailing slash. */
  url: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

interface Waiting {
  id: string;
  booking_id: string;
  payment_intent: string;
  amount_cents: number;
  currency: string;
}

interface Settled {
  id: string;
  state: 'requested' | 'made' | 'failed';
  failure: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stripe answered with a refusal (a 4xx): trying again with the same key would be refused alike. */
function isRefusal(error: unknown): error is Stripe.errors.StripeError {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

export async function handleStripeRefund(request: Request, options: RefundOptions): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return answer(405, { message: 'Use POST.' });
  if (!options.secretKey)
    return answer(503, { message: 'Card refunds are not set up: the Stripe key is missing.' });
  let body: unknown;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    return answer(400, { message: 'Send the refund request to make.' });
  }
  const requestId = (body as { request_id?: unknown } | null)?.request_id;
  if (requestId !== undefined && (typeof requestId !== 'string' || !UUID.test(requestId)))
    return answer(400, { message: 'No such refund request.' });
  const orderRefundId = (body as { order_refund_id?: unknown } | null)?.order_refund_id;
  if (orderRefundId !== undefined && (typeof orderRefundId !== 'string' || !UUID.test(orderRefundId)))
    return answer(400, { message: 'No such refund request.' });
  const ordersOnly = orderRefundId !== undefined || (body as { kind?: unknown } | null)?.kind === 'order';
  const doFetch = options.fetch ?? fetch;
  const rpc = (name: string, args: Record<string, unknown>) =>
    doFetch(`${options.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: options.serviceRoleKey,
        authorization: `Bearer ${options.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
    });

  if (ordersOnly) {
    const made = await makeOrderRefunds((orderRefundId as string | undefined) ?? null, {
      stripe: options.stripe,
      rpc,
      isRefusal,
    });
    if (made.listFailed)
      return answer(502, { message: 'The refund could not be started. Please try again.' });
    return answerRefunds(orderRefundId, made.settled, made.unreachable);
  }

  const listed = await rpc('card_refunds_to_make', { p_request_id: requestId ?? null });
  if (!listed.ok) {
    console.error(`stripe-refund: card_refunds_to_make failed: HTTP ${listed.status} ${await listed.text()}`);
    return answer(502, { message: 'The refund could not be started. Please try again.' });
  }
  const waiting = (await listed.json()) as Waiting[];
  const settled: Settled[] = [];
  let unreachable = false;
  for (const refund of waiting) {
    let outcome: { p_refund: Stripe.Refund } | { p_failure: string };
    try {
      const made = await options.stripe.refunds.create(
        {
          payment_intent: refund.payment_intent,
          amount: refund.amount_cents,
          reason: 'requested_by_customer',
          metadata: { request_id: refund.id, booking_id: refund.booking_id },
        },
        { idempotencyKey: `refund-${refund.id}` },
      );
      outcome = { p_refund: made };
    } catch (error) {
      if (!isRefusal(error)) {
        // Stripe unreachable or failing: the request stays waiting, and the sweep asks again with its key.
        console.error(`stripe-refund: Stripe failed for ${refund.id}: ${String(error)}`);
        unreachable = true;
        settled.push({ id: refund.id, state: 'requested', failure: null });
        continue;
      }
      outcome = { p_failure: `Stripe refused the refund: ${error.message}` };
    }
    const saved = await rpc('settle_card_refund_request', { p_request_id: refund.id, ...outcome });
    if (!saved.ok) {
      // The refund is made at Stripe; the webhook records it, and the request is retried with its key.
      console.error(`stripe-refund: ${refund.id} not settled: HTTP ${saved.status} ${await saved.text()}`);
      settled.push({ id: refund.id, state: 'requested', failure: null });
      continue;
    }
    const row = (await saved.json()) as Settled;
    settled.push({ id: row.id, state: row.state, failure: row.failure });
  }

  return answerRefunds(requestId, settled, unreachable);
}

/** One refund's outcome in words for the admin's page, or every refund's for the sweep. */
function answerRefunds(oneId: unknown, settled: Settled[], unreachable: boolean): Response {
  if (oneId) {
    const one = settled[0];
    if (!one) return answer(404, { message: 'This refund has already been made, or no such request.' });
    if (one.state === 'failed') return answer(409, { message: one.failure, state: one.state });
    if (one.state === 'requested')
      return answer(502, {
        message: 'Stripe could not be reached. The refund will be tried again in a few minutes.',
        state: one.state,
      });
    return answer(200, { state: one.state });
  }
  return answer(unreachable ? 502 : 200, { refunds: settled });
}
