import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';

describe("the stand-in's form parser", () => {
  it('reads bracket notation into objects and indexed arrays, as the stripe SDK writes them', () => {
    const parsed = parseForm(
      'mode=payment&line_items[0][quantity]=2&line_items[0][price_data][unit_amount]=80000' +
        '&line_items[1][quantity]=1&metadata[booking_id]=b%201&payment_method_types[0]=card',
    );
    expect(parsed).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '2', price_data: { unit_amount: '80000' } }, { quantity: '1' }],
      metadata: { booking_id: 'b 1' },
      payment_method_types: ['card'],
    });
  });

  it('drops keys that would reach the prototype and keeps the rest', () => {
    const parsed = parseForm('__proto__[polluted]=yes&a[constructor][x]=1&b=2');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(parsed).toEqual({ b: '2' });
  });
});
