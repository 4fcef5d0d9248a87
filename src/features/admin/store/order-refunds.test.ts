import { describe, expect, it } from 'vitest';
import { refundTotals } from '../../orders/orders';
import {
  canRefund,
  orderRefundFormSchema,
  orderRefundLeftCents,
  orderRefundStateLabel,
  refundsEndSteps,
} from './order-refunds';

// Refunds of store orders in the admin's words (decision 0097): what is left counts refunds made and on
// their way to Stripe, not failed ones, as private.order_refundable_cents does.
const made = { amount_cents: 1000, state: 'made', stock_returned: false };
const waiting = { amount_cents: 500, state: 'requested', stock_returned: false };
const failed = { amount_cents: 900, state: 'failed', stock_returned: false };

describe('order refunds', () => {
  it('leaves the total less refunds made and waiting, never below nothing', () => {
    expect(refundTotals([made, waiting, failed])).toEqual({ made: 1000, waiting: 500 });
    expect(orderRefundLeftCents(2640, [made, waiting, failed])).toBe(1140);
    expect(orderRefundLeftCents(1200, [made, made])).toBe(0);
  });
  it('refunds paid orders with money left, and ends the steps once restocked or refunded in full', () => {
    expect(canRefund({ state: 'shipped', total_cents: 2640 }, [made])).toBe(true);
    expect(canRefund({ state: 'awaiting_payment', total_cents: 2640 }, [])).toBe(false);
    expect(canRefund({ state: 'paid', total_cents: 1000 }, [made])).toBe(false);
    expect(refundsEndSteps({ total_cents: 2640 }, [made])).toBe(false);
    expect(refundsEndSteps({ total_cents: 2640 }, [{ ...made, stock_returned: true }])).toBe(true);
    expect(refundsEndSteps({ total_cents: 1000 }, [made])).toBe(true);
  });
  it('checks the form in words: an amount up to what is left and a reason', () => {
    const problems = (values: Record<string, unknown>) => {
      const result = orderRefundFormSchema(1140, 'AUD').safeParse({ returnStock: false, ...values });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(problems({ amount: '11.40', reason: 'Torn' })).toEqual([]);
    expect(problems({ amount: '11.41', reason: 'Torn' })).toEqual([
      'At most $11.40 is left to refund on this order.',
    ]);
    expect(problems({ amount: 'lots', reason: ' ' })).toEqual([
      'Enter the refund in dollars, such as 12 or 12.50.',
      'Say why the money is going back.',
    ]);
  });
  it("says where each refund is, in Stripe's words when it refused", () => {
    expect(orderRefundStateLabel({ state: 'made', method: 'card', failure: null })).toBe(
      'Refunded to the card',
    );
    expect(orderRefundStateLabel({ state: 'made', method: 'bank_transfer', failure: null })).toBe(
      'Sent by bank transfer',
    );
    expect(orderRefundStateLabel({ state: 'requested', method: 'card', failure: null })).toBe(
      'Waiting for Stripe',
    );
    expect(
      orderRefundStateLabel({ state: 'failed', method: 'card', failure: 'Stripe refused the refund: no.' }),
    ).toBe('Stripe refused the refund: no.');
  });
});
