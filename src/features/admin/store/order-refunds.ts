// Refunds of store orders in the admin's words (decision 0097). Pure, so the rules are unit-tested apart from
// the page; the database checks every figure again (public.refund_order).
import * as z from 'zod';
import { refundTotals, type OrderRefundLike } from '../../orders/orders';
import { REFUND_REASON_MAX, refundAmountField } from '../bookings/card-refunds';
import { money } from './orders';

/** What is left to refund of an order: its total less refunds made or on their way to Stripe. */
export function orderRefundLeftCents(totalCents: number, refunds: readonly OrderRefundLike[]): number {
  const { made, waiting } = refundTotals(refunds);
  return Math.max(0, totalCents - made - waiting);
}

/** Whether an order may be refunded now: paid (packed, shipped or collected too) with money left. */
export function canRefund(
  order: { state: string; total_cents: number },
  refunds: readonly OrderRefundLike[],
) {
  return (
    ['paid', 'packed', 'shipped'].includes(order.state) &&
    orderRefundLeftCents(order.total_cents, refunds) > 0
  );
}

/**
 * Whether the order's steps are over because of its refunds: its items went back on the shelf, or all its
 * money went back (private.order_for_step refuses packing and sending them alike).
 */
export function refundsEndSteps(
  order: { total_cents: number },
  refunds: readonly (OrderRefundLike & { stock_returned: boolean })[],
): boolean {
  return (
    refunds.some((refund) => refund.stock_returned) || orderRefundLeftCents(order.total_cents, refunds) === 0
  );
}

/** The refund form: an amount in dollars from $0.01 to what is left, a reason, and the items back or not. */
export function orderRefundFormSchema(leftCents: number, currency: string) {
  return z.object({
    amount: refundAmountField(leftCents, {
      notAmount: 'Enter the refund in dollars, such as 12 or 12.50.',
      tooMuch: `At most ${money(leftCents, currency)} is left to refund on this order.`,
    }),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why the money is going back.')
      .max(REFUND_REASON_MAX, `Keep the reason to ${REFUND_REASON_MAX} characters.`),
    returnStock: z.boolean(),
  });
}
export type OrderRefundForm = z.infer<ReturnType<typeof orderRefundFormSchema>>;

/** A refund's state for the refunds table. */
export function orderRefundStateLabel(refund: {
  state: string;
  method: string;
  failure: string | null;
}): string {
  if (refund.state === 'made')
    return refund.method === 'card' ? 'Refunded to the card' : 'Sent by bank transfer';
  if (refund.state === 'failed') return refund.failure ?? 'Stripe refused it';
  return 'Waiting for Stripe';
}
