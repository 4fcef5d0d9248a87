import { describe, expect, it } from 'vitest';
import { refundAmountText } from './refund-amount';

describe('refundAmountText', () => {
  it('names the card surcharge given back with a refund, and nothing when none was', () => {
    expect(refundAmountText({ amount_cents: 160000, surcharge_cents: 1920 }, 'AUD')).toBe(
      '$1,619.20 (incl. $19.20 card surcharge)',
    );
    expect(refundAmountText({ amount_cents: 30000, surcharge_cents: 0 }, 'AUD')).toBe('$300.00');
    expect(refundAmountText({ amount_cents: 0, surcharge_cents: 120 }, 'AUD')).toBe(
      '$1.20 (incl. $1.20 card surcharge)',
    );
  });
});
