import { describe, expect, it } from 'vitest';
import { refundFormSchema, refundLeftCents, refundRequestLabel } from './card-refunds';

// The refund form's rules (decision 0090): what is left to refund of one card payment, counted as
// private.card_refundable_cents counts it, and the form's words.

const payment = {
  amount_cents: 80000,
  payment_refunds: [{ amount_cents: 15000, stripe_refund_id: 're_1' }],
  card_refund_requests: [
    { amount_cents: 15000, state: 'made', stripe_refund_id: 're_1' }, // recorded: counted once
    { amount_cents: 5000, state: 'requested', stripe_refund_id: null }, // on its way
    { amount_cents: 7000, state: 'made', stripe_refund_id: 're_2' }, // made, not yet recorded
    { amount_cents: 9000, state: 'failed', stripe_refund_id: null }, // refused: free again
  ],
};

describe('card refunds', () => {
  it('leaves what was neither refunded nor on its way to Stripe', () => {
    expect(refundLeftCents(payment)).toBe(80000 - 15000 - 5000 - 7000);
    expect(refundLeftCents({ amount_cents: 100, payment_refunds: [], card_refund_requests: [] })).toBe(100);
  });

  it('takes an amount in dollars up to what is left, and a reason', () => {
    const schema = refundFormSchema(53000, 'AUD');
    expect(schema.safeParse({ amount: '530', reason: 'Goodwill' }).success).toBe(true);
    const errors = (value: { amount: string; reason: string }) =>
      schema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(errors({ amount: '530.01', reason: 'Goodwill' })).toEqual([
      'At most $530.00 is left to refund on this payment.',
    ]);
    expect(errors({ amount: '0', reason: ' ' })).toEqual([
      'Enter the refund in dollars, such as 250 or 250.50.',
      'Say why the money is going back.',
    ]);
    expect(errors({ amount: '1', reason: 'x'.repeat(301) })).toEqual(['Keep the reason to 300 characters.']);
  });

  it("labels a request by its state, a refusal in Stripe's words", () => {
    expect(refundRequestLabel({ state: 'requested', failure: null })).toBe('Waiting for Stripe');
    expect(refundRequestLabel({ state: 'made', failure: null })).toBe('Refunded through Stripe');
    expect(refundRequestLabel({ state: 'failed', failure: 'Stripe refused the refund: disputed' })).toBe(
      'Stripe refused the refund: disputed',
    );
  });
});
