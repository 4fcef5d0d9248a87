import { z } from 'zod';
import { amountCents, money } from './bookings';

/**
 * Refunds of card payments through Stripe (decision 0090) in the admin's words. Pure, so the rules are
 * unit-tested apart from the page; the database checks every figure again (request_card_refund).
 */

/** The longest reason request_card_refund accepts (its CHECK and its refusal say 300 too). */
export const REFUND_REASON_MAX = 300;

export interface RefundablePayment {
  amount_cents: number;
  payment_refunds: { amount_cents: number; stripe_refund_id: string | null }[];
  card_refund_requests: { amount_cents: number; state: string; stripe_refund_id: string | null }[];
}

/** What is left to refund of one payment: less what was refunded and what is on its way to Stripe. */
export function refundLeftCents(payment: RefundablePayment): number {
  const recorded = new Set(payment.payment_refunds.map((refund) => refund.stripe_refund_id));
  const refunded = payment.payment_refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
  const onTheWay = payment.card_refund_requests
    .filter(
      (request) =>
        request.state === 'requested' ||
        (request.state === 'made' && !recorded.has(request.stripe_refund_id)),
    )
    .reduce((sum, request) => sum + request.amount_cents, 0);
  return Math.max(0, payment.amount_cents - refunded - onTheWay);
}

/**
 * A refund's amount typed in dollars, from $0.01 to `leftCents`: the card refund's and the bank refund's
 * forms (decision 0096) in their own words.
 */
export function refundAmountField(leftCents: number, words: { notAmount: string; tooMuch: string }) {
  return z
    .string()
    .refine((value) => {
      const cents = amountCents(value);
      return cents !== null && cents > 0;
    }, words.notAmount)
    .refine((value) => (amountCents(value) ?? 0) <= leftCents, words.tooMuch);
}

/** The refund form: an amount in dollars from $0.01 to what is left, and a reason. */
export function refundFormSchema(leftCents: number, currency: string) {
  return z.object({
    amount: refundAmountField(leftCents, {
      notAmount: 'Enter the refund in dollars, such as 250 or 250.50.',
      tooMuch: `At most ${money(leftCents, currency)} is left to refund on this payment.`,
    }),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why the money is going back.')
      .max(REFUND_REASON_MAX, `Keep the reason to ${REFUND_REASON_MAX} characters.`),
  });
}
export type RefundForm = z.infer<ReturnType<typeof refundFormSchema>>;

/** A refund request's state for the payments table. */
export function refundRequestLabel(request: { state: string; failure: string | null }): string {
  if (request.state === 'made') return 'Refunded through Stripe';
  if (request.state === 'failed') return request.failure ?? 'Stripe refused it';
  return 'Waiting for Stripe';
}
