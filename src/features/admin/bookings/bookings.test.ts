import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format/dates';
import { DataError } from '../../../lib/supabase/data';
import { toCsv } from '../table/csv';
import { bookingSearchSchema } from './booking-search';
import type { BookingRow } from './bookings.data';
import {
  amountCents,
  BOOKING_CSV_COLUMNS,
  bookingsQuery,
  cancelFormSchema,
  cancellationRequest,
  dollars,
  instalmentStanding,
  money,
  paymentFormSchema,
  refundableCents,
  settlement,
  stateLabel,
} from './bookings';
import { refusalText } from './refusals';

const EVENT = '3f1c1f1e-8a1b-4c2d-9e3f-0a1b2c3d4e5f';

describe('bookingsQuery', () => {
  it('asks for the newest first when the address says nothing', () => {
    expect(bookingsQuery({})).toEqual({
      search: '',
      sort: 'created',
      dir: 'desc',
      state: '',
      event: undefined,
      limit: 25,
      offset: 0,
    });
  });
  it('takes the search trimmed, a known sort and state, the departure and the page', () => {
    expect(bookingsQuery({ q: ' HH2345 ', sort: 'left', filter: 'expired', event: EVENT, page: 3 })).toEqual({
      search: 'HH2345',
      sort: 'left',
      dir: 'asc',
      state: 'expired',
      event: EVENT,
      limit: 25,
      offset: 50,
    });
  });
  it('ignores an unknown sort or state', () => {
    expect(bookingsQuery({ sort: 'colour', filter: 'lost' })).toMatchObject({ sort: 'created', state: '' });
  });
  it('drops a departure that is not an id from the address', () => {
    expect(bookingSearchSchema.parse({ event: 'not-an-id', q: 'x' })).toEqual({ q: 'x' });
  });
});

describe('amounts', () => {
  it('reads dollars typed as people type them, to whole cents', () => {
    expect(['1,700', '$99.5', '0.01', '250', '1,234,567.89'].map(amountCents)).toEqual([
      170000, 9950, 1, 25000, 123456789,
    ]);
  });
  it('refuses what is not an amount', () => {
    expect(['', 'ten', '1.234', '-5', '1,00', '12.'].map(amountCents)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
  it('writes cents for spreadsheets and screens', () => {
    expect([dollars(123456), dollars(5), dollars(-250)]).toEqual(['1234.56', '0.05', '-2.50']);
    expect(money(170000, 'AUD')).toBe('$1,700.00');
  });
});

describe('the payment form', () => {
  const schema = paymentFormSchema('2026-11-29');
  it('takes an amount and a day up to today', () => {
    expect(schema.safeParse({ amount: '800', received_on: '2026-11-29', reference: ' HH2 ' }).success).toBe(
      true,
    );
  });
  it('refuses no amount, zero and a day to come', () => {
    const problems = (values: Record<string, string>) =>
      schema.safeParse({ amount: '800', received_on: '2026-11-29', reference: '', ...values }).error
        ?.issues[0]?.message;
    expect(problems({ amount: '0' })).toBe('Enter the amount received in dollars, such as 250 or 250.50.');
    expect(problems({ received_on: '2026-11-30' })).toBe('The money arrived today or earlier.');
  });
});

describe('cancellation', () => {
  it('gives back at most what was received beyond the deposit', () => {
    expect([refundableCents(170000, 160000), refundableCents(50000, 160000)]).toEqual([10000, 0]);
  });
  it('keeps what is neither refunded nor credited', () => {
    expect(settlement(170000, 6000, 4000)).toEqual({ kept: 160000, refund: 6000, credit: 4000 });
  });
  it('refuses a refund and credit above the refundable amount, in the booking’s currency', () => {
    const schema = cancelFormSchema(10000, 'AUD');
    expect(schema.safeParse({ refund: '60', credit: '40', reason: 'Ill' }).success).toBe(true);
    const refused = schema.safeParse({ refund: '60', credit: '40.01', reason: 'Ill' });
    expect(refused.error?.issues[0]?.message).toContain('at most $100.00');
    expect(schema.safeParse({ refund: '0', credit: '0', reason: '  ' }).success).toBe(false);
  });
});

describe('instalmentStanding', () => {
  it('is paid, overdue once its day has passed, else due', () => {
    const today = '2026-11-29';
    expect(instalmentStanding({ due_date: '2026-11-01', paid_at: '2026-11-02T00:00:00Z' }, today)).toBe(
      'paid',
    );
    expect(instalmentStanding({ due_date: '2026-11-28', paid_at: null }, today)).toBe('overdue');
    expect(instalmentStanding({ due_date: '2026-11-29', paid_at: null }, today)).toBe('due');
  });
});

describe('refusalText', () => {
  it('shows the database’s amounts in the booking’s currency, as a sentence', () => {
    expect(refusalText(new DataError('that is more than is left to pay (30000 cents)', '22023'), 'AUD')).toBe(
      'That is more than is left to pay ($300.00).',
    );
    expect(
      refusalText(
        new DataError(
          'the refund and the credit together can be at most the 10000 cents paid beyond the deposit',
        ),
        'AUD',
      ),
    ).toBe('The refund and the credit together can be at most the $100.00 paid beyond the deposit.');
  });
  it('uses the hint of a sold-out refusal, and the generic text for anything else', () => {
    expect(refusalText(new DataError('sold out', 'PT409', 409, 'Refund it.'), 'AUD')).toBe('Refund it.');
    expect(refusalText(new Error('network'), 'AUD')).toBe('Something went wrong. Please try again.');
  });
});

describe('the CSV', () => {
  it('writes every column with amounts in dollars and the state in words', () => {
    const row: BookingRow = {
      id: 'b1',
      invoice_number: 'INV-2026-0001',
      bank_reference: 'HHABCDEFGH',
      member_id: 'm1',
      member_name: 'Ada, "the" Booker',
      member_email: 'ada@example.com',
      event_id: 'e1',
      event_title: 'Port Arthur',
      event_start: '2027-06-01',
      travellers: 2,
      total_cents: 200000,
      paid_cents: 170000,
      left_cents: 30000,
      currency: 'AUD',
      state: 'confirmed',
      created_at: '2026-11-29T01:00:00Z',
    };
    const [, line] = toCsv(BOOKING_CSV_COLUMNS, [row]).split('\r\n');
    expect(line).toBe(
      'INV-2026-0001,"Ada, ""the"" Booker",ada@example.com,Port Arthur,2027-06-01,2,AUD,2000.00,1700.00,300.00,Confirmed,HHABCDEFGH,2026-11-29T01:00:00Z,b1',
    );
    expect(stateLabel('held')).toBe('Pending, places held');
  });
});

describe('cancellationRequest', () => {
  it('is nothing until the member asks to cancel', () => {
    expect(cancellationRequest({ cancellation_requested_at: null, cancellation_reason: null })).toBeNull();
  });

  it('says when the member asked (Sydney time) and why, or that no reason was given', () => {
    expect(
      cancellationRequest({
        cancellation_requested_at: '2026-11-28T23:30:00Z',
        cancellation_reason: ' Our plans changed ',
      }),
    ).toBe(`${formatDateTime('2026-11-28T23:30:00Z')}: Our plans changed`);
    expect(formatDateTime('2026-11-28T23:30:00Z')).toContain('29');
    expect(
      cancellationRequest({ cancellation_requested_at: '2026-11-28T23:30:00Z', cancellation_reason: '  ' }),
    ).toBe(`${formatDateTime('2026-11-28T23:30:00Z')}: no reason given`);
  });
});
