import { describe, expect, it } from 'vitest';
import { carrierProblem, normaliseTrackingNumber, trackingNumberProblem } from '../../../lib/rules/orders';
import { orderStateLabel } from '../../orders/orders';
import { toCsv } from '../table/csv';
import { orderSearchSchema } from './order-search';
import type { OrderRow } from './orders.data';
import {
  actionLabel,
  listStateLabel,
  nextAction,
  ORDER_CSV_COLUMNS,
  ordersQuery,
  stepFormSchema,
} from './orders';

describe('ordersQuery', () => {
  it('asks for the newest first when the address says nothing', () => {
    expect(ordersQuery({})).toEqual({
      search: '',
      sort: 'placed',
      dir: 'desc',
      state: '',
      pay: '',
      limit: 25,
      offset: 0,
    });
  });
  it('takes the search trimmed, a known sort, state and payment, and the page', () => {
    expect(
      ordersQuery({ q: ' S100001 ', sort: 'total', filter: 'paid', pay: 'bank_transfer', page: 2 }),
    ).toEqual({
      search: 'S100001',
      sort: 'total',
      dir: 'asc',
      state: 'paid',
      pay: 'bank_transfer',
      limit: 25,
      offset: 25,
    });
  });
  it('drops an unknown state, sort or payment from the address', () => {
    const search = orderSearchSchema.parse({ filter: 'lost', sort: 'colour', pay: 'cash' });
    expect(ordersQuery(search)).toMatchObject({ state: '', sort: 'placed', dir: 'desc', pay: '' });
  });
});

describe('an order in words', () => {
  it("names a pickup order's packed and shipped as ready for pickup and collected", () => {
    expect(orderStateLabel('packed', 'ship')).toBe('Packed');
    expect(orderStateLabel('packed', 'pickup')).toBe('Ready for pickup');
    expect(orderStateLabel('shipped', 'ship')).toBe('Shipped');
    expect(orderStateLabel('shipped', 'pickup')).toBe('Collected');
    expect(orderStateLabel('awaiting_payment', 'ship')).toBe('Awaiting payment');
  });
  it('offers the one next step: bank transfers are marked paid here, card orders never', () => {
    const at = (state: string, pay_by = 'bank_transfer', delivery = 'ship') =>
      nextAction({ state, pay_by, delivery });
    expect(at('awaiting_payment')).toBe('paid');
    expect(at('expired')).toBe('paid');
    expect(at('awaiting_payment', 'card')).toBeNull();
    expect(at('expired', 'card')).toBeNull();
    expect(at('paid', 'card')).toBe('packed');
    expect(at('packed')).toBe('shipped');
    expect(at('packed', 'card', 'pickup')).toBe('collected');
    expect(at('shipped')).toBeNull();
    expect(actionLabel('packed', 'pickup')).toBe('Mark ready for pickup');
  });
  it('writes the CSV with amounts in dollars and states in words', () => {
    const row: OrderRow = {
      id: 'o1',
      number: 'S100001',
      placed_at: '2026-11-20T01:00:00Z',
      buyer_id: 'u1',
      buyer_name: 'Mia Member',
      buyer_email: 'mia@example.com',
      items: 3,
      total_cents: 2640,
      currency: 'AUD',
      pay_by: 'bank_transfer',
      delivery: 'pickup',
      state: 'packed',
      refunded_cents: 1000,
    };
    expect(toCsv(ORDER_CSV_COLUMNS, [row]).split('\r\n')[1]).toBe(
      'S100001,2026-11-20T01:00:00Z,Mia Member,mia@example.com,3,AUD,26.40,Bank transfer,Pickup,Ready for pickup,10.00,o1',
    );
    expect(listStateLabel(row)).toBe('Ready for pickup, part refunded');
    expect(listStateLabel({ ...row, state: 'paid', refunded_cents: 2640 })).toBe('Paid, refunded');
    expect(listStateLabel({ ...row, refunded_cents: 0 })).toBe('Ready for pickup');
  });
});

describe('the step form', () => {
  const problems = (action: Parameters<typeof stepFormSchema>[0], values: Record<string, string>) => {
    const result = stepFormSchema(action, 2640, 'AUD').safeParse({
      amount: '',
      tracking: '',
      carrier: '',
      ...values,
    });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };
  it('wants the whole total to mark an order paid', () => {
    expect(problems('paid', { amount: '26.40' })).toEqual([]);
    expect(problems('paid', { amount: '$26.4' })).toEqual([]);
    expect(problems('paid', { amount: '20' })).toEqual([
      'The order is for $26.40: record the payment when the whole total has arrived.',
    ]);
    expect(problems('paid', { amount: 'lots' })).toEqual([
      'Enter the amount received in dollars, such as 26.40.',
    ]);
  });
  it('wants a tracking number to ship, and a carrier of one short line if any', () => {
    expect(problems('shipped', { tracking: ' 33ab 1234 ' })).toEqual([]);
    expect(problems('shipped', {})).toEqual(['Please enter the tracking number.']);
    expect(problems('shipped', { tracking: 'AB1234', carrier: 'x'.repeat(41) })).toEqual([
      'The carrier must be one line of 40 characters or fewer.',
    ]);
    expect(problems('packed', {})).toEqual([]);
  });
  it('normalises a tracking number as the database stores it', () => {
    expect(normaliseTrackingNumber(' 33ab 1234\t5678 ')).toBe('33AB12345678');
    expect(trackingNumberProblem('AB#1')).toBe('A tracking number is 4 to 40 letters, digits and dashes.');
    expect(carrierProblem('  ')).toBeUndefined();
  });
});
