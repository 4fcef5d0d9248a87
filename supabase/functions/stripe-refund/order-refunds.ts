import type Stripe from 'stripe';

/**
 * The stripe-refund function's part for store orders (decision 0097), beside the bookings' (handler.ts):
 * the refunds admins asked for with public.refund_order, listed by public.order_refunds_to_make (one, or all
 * waiting), each made on its order's PaymentIntent with the idempotency key `order-refund-<id>`, and Stripe's
 * answer handed to public.settle_order_refund (which e-mails the member once). Stripe's refusal is kept in its
 * words; Stripe unreachable leaves the refund waiting for the scheduler's sweep (private.wake_order_refunds).
 */
export interface OrderRefundDeps {
  stripe: Stripe;
  rpc: (name: string, args: Record<string, unknown>) => Promise<Response>;
  /** Whether Stripe's error is a refusal (asking again with the same key would be refused alike). */
  isRefusal: (error: unknown) => error is Stripe.errors.StripeError;
}

interface Waiting {
  id: string;
  order_id: string;
  payment_intent: string;
  amount_cents: number;
}

export interface SettledOrderRefund {
  id: string;
  state: 'requested' | 'made' | 'failed';
  failure: string | null;
}

export interface OrderRefundsMade {
  /** The list could not be read: nothing was asked of Stripe. */
  listFailed: boolean;
  /** Stripe could not be reached for at least one refund. */
  unreachable: boolean;
  settled: SettledOrderRefund[];
}

export async function makeOrderRefunds(
  refundId: string | null,
  deps: OrderRefundDeps,
): Promise<OrderRefundsMade> {
  const listed = await deps.rpc('order_refunds_to_make', { p_refund_id: refundId });
  if (!listed.ok) {
    console.error(
      `stripe-refund: order_refunds_to_make failed: HTTP ${listed.status} ${await listed.text()}`,
    );
    return { listFailed: true, unreachable: false, settled: [] };
  }
  const waiting = (await listed.json()) as Waiting[];
  const settled: SettledOrderRefund[] = [];
  let unreachable = false;
  for (const refund of waiting) {
    let outcome: { p_refund: Stripe.Refund } | { p_failure: string };
    try {
      const made = await deps.stripe.refunds.create(
        {
          payment_intent: refund.payment_intent,
          amount: refund.amount_cents,
          reason: 'requested_by_customer',
          metadata: { order_refund_id: refund.id, order_id: refund.order_id },
        },
        { idempotencyKey: `order-refund-${refund.id}` },
      );
      outcome = { p_refund: made };
    } catch (error) {
      if (!deps.isRefusal(error)) {
        console.error(`stripe-refund: Stripe failed for order refund ${refund.id}: ${String(error)}`);
        unreachable = true;
        settled.push({ id: refund.id, state: 'requested', failure: null });
        continue;
      }
      outcome = { p_failure: `Stripe refused the refund: ${error.message}` };
    }
    const saved = await deps.rpc('settle_order_refund', { p_refund_id: refund.id, ...outcome });
    if (!saved.ok) {
      // Made at Stripe: the webhook records it, and the sweep retries it with its key.
      console.error(
        `stripe-refund: order refund ${refund.id} not settled: HTTP ${saved.status} ${await saved.text()}`,
      );
      settled.push({ id: refund.id, state: 'requested', failure: null });
      continue;
    }
    const row = (await saved.json()) as SettledOrderRefund;
    settled.push({ id: row.id, state: row.state, failure: row.failure });
  }
  return { listFailed: false, unreachable, settled };
}
