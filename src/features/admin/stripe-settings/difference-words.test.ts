import { describe, expect, it } from 'vitest';
import { differenceText, sideAmount } from './difference-words';

describe('difference words', () => {
  it('says each kind the CHECK allows in words, and an amount or None', () => {
    for (const kind of [
      'payment_not_in_ledger',
      'payment_not_in_stripe',
      'amount_differs',
      'refund_not_in_ledger',
      'refund_not_in_stripe',
    ]) {
      expect(differenceText(kind)).not.toBe(kind);
    }
    expect(sideAmount({ currency: 'AUD' }, 25_000)).toBe('$250.00');
    expect(sideAmount({ currency: 'AUD' }, null)).toBe('None');
  });
});
