import { describe, expect, it } from 'vitest';
import { addressLines, isPaid, lineLabel, orderIdFrom, orderStateLabel } from './orders';
import type { Order } from './orders.data';

describe('orders in the member’s words', () => {
  it('names each state, and says which have a tax invoice', () => {
    expect(orderStateLabel('awaiting_payment')).toBe('Awaiting payment');
    expect(orderStateLabel('expired')).toBe('Expired');
    expect(orderStateLabel('packed', 'ship')).toBe('Packed');
    expect(orderStateLabel('packed', 'pickup')).toBe('Ready for pickup');
    expect(orderStateLabel('shipped', 'ship')).toBe('Shipped');
    expect(orderStateLabel('shipped', 'pickup')).toBe('Collected');
    expect(
      ['awaiting_payment', 'paid', 'packed', 'shipped', 'expired'].filter((state) => isPaid({ state })),
    ).toEqual(['paid', 'packed', 'shipped']);
  });

  it('reads the order id from the address, ignoring anything that is not one', () => {
    expect(orderIdFrom('?order=6f1c5a4e-1111-4222-8333-444455556666&card=paid')).toBe(
      '6f1c5a4e-1111-4222-8333-444455556666',
    );
    expect(orderIdFrom('?order=1;drop')).toBeNull();
    expect(orderIdFrom('')).toBeNull();
  });

  it('labels lines and writes a postal address the Australian way', () => {
    expect(lineLabel({ name: 'Cap', size: null })).toBe('Cap');
    expect(lineLabel({ name: 'T-shirt', size: 'M' })).toBe('T-shirt (M)');
    const shipped = {
      delivery: 'ship',
      ship_name: 'Mia Member',
      ship_line1: '12 Lantern Street',
      ship_line2: null,
      ship_suburb: 'Hobart',
      ship_state: 'TAS',
      ship_postcode: '7000',
    } as Order;
    expect(addressLines(shipped)).toEqual(['Mia Member', '12 Lantern Street', 'Hobart TAS 7000']);
    expect(addressLines({ ...shipped, delivery: 'pickup' })).toBeNull();
  });
});
