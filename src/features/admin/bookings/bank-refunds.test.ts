import { describe, expect, it } from 'vitest';
import {
  bankRefundFormSchema,
  bankRefundLeftCents,
  refundsDueByBooking,
  type BankRefundDue,
} from './bank-refunds';

// Bank transfers paid back after the company cancelled a departure (decision 0096): what is left of one
// transfer, counted as private.payments_left_to_refund counts it, the form's words, and the list per booking.

describe('bank refunds', () => {
  it('leaves a transfer less what was paid back of it, and nothing of a card payment', () => {
    const transfer = {
      method: 'bank_transfer',
      amount_cents: 40000,
      payment_refunds: [{ amount_cents: 15000 }],
    };
    expect(bankRefundLeftCents(transfer)).toBe(25000);
    expect(bankRefundLeftCents({ ...transfer, payment_refunds: [{ amount_cents: 40000 }] })).toBe(0);
    expect(bankRefundLeftCents({ ...transfer, method: 'card' })).toBe(0);
  });

  it('takes an amount in dollars up to what is left, and the transfer reference', () => {
    const schema = bankRefundFormSchema(25000, 'AUD');
    expect(schema.safeParse({ amount: '250', reference: 'HH refund 1' }).success).toBe(true);
    const errors = (value: { amount: string; reference: string }) =>
      schema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(errors({ amount: '250.01', reference: 'HH refund 1' })).toEqual([
      'At most $250.00 is left to pay back on this transfer.',
    ]);
    expect(errors({ amount: 'lots', reference: '  ' })).toEqual([
      'Enter the amount in dollars, such as 250 or 250.50.',
      'Give the reference of the transfer you made.',
    ]);
    expect(errors({ amount: '1', reference: 'x'.repeat(101) })).toEqual([
      'Keep the reference to 100 characters.',
    ]);
  });

  it('gathers the transfers per booking with their total, in the order given', () => {
    const row = (booking: string, payment: string, due: number): BankRefundDue => ({
      booking_id: booking,
      invoice_number: `INV-${booking}`,
      bank_reference: `REF-${booking}`,
      member_name: `Member ${booking}`,
      member_email: null,
      event_title: 'Trip',
      event_start: '2027-01-01',
      payment_id: payment,
      received_on: '2026-11-01',
      payment_reference: null,
      amount_cents: due,
      due_cents: due,
      currency: 'AUD',
    });
    const grouped = refundsDueByBooking([row('b', 'p1', 100), row('a', 'p2', 200), row('b', 'p3', 300)]);
    expect(grouped.map((b) => [b.booking_id, b.due_cents, b.transfers.map((t) => t.payment_id)])).toEqual([
      ['b', 400, ['p1', 'p3']],
      ['a', 200, ['p2']],
    ]);
  });
});
