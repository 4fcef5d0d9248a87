import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format/currency';
import {
  bookingIdFrom,
  bookingMoney,
  canRequestCancellation,
  cancellationTerms,
  instalmentLines,
  localToday,
  overdueNotice,
  overduePayment,
  pendingNotices,
  progressPercent,
  schedule,
  type Installment,
  type Payment,
  type PaymentNotice,
} from './bookings';
import {
  amountCents,
  noticeAmountProblem,
  noticeDayProblem,
  cancellationReasonProblem,
} from './booking-rules';

const instalment = (id: string, due_date: string, amount_cents: number): Installment => ({
  id,
  due_date,
  amount_cents,
});
const payment = (id: string, received_on: string, amount_cents: number): Payment => ({
  id,
  received_on,
  amount_cents,
  reference: null,
});

describe('bookingMoney', () => {
  it('sums the payments; remaining is the rest; progress is paid ÷ total', () => {
    const money = bookingMoney({ total_cents: 240000, payments: [payment('p', '2025-12-30', 80000)] });
    expect(money).toEqual({ totalCents: 240000, paidCents: 80000, remainingCents: 160000, percent: 33 });
  });

  it('is 0% with no payments and never remains below zero', () => {
    expect(bookingMoney({ total_cents: 5000, payments: [] })).toEqual({
      totalCents: 5000,
      paidCents: 0,
      remainingCents: 5000,
      percent: 0,
    });
    expect(bookingMoney({ total_cents: 100, payments: [payment('p', '2026-01-01', 150)] })).toMatchObject({
      remainingCents: 0,
      percent: 100,
    });
  });
});

describe('progressPercent', () => {
  it('rounds down, clamps and treats nothing to pay as done', () => {
    expect(progressPercent(1999, 2000)).toBe(99);
    expect(progressPercent(2000, 2000)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
    expect(progressPercent(-5, 100)).toBe(0);
  });
});

describe('instalmentLines: paid, due and overdue from the payments', () => {
  const today = '2026-11-23';
  const plan = [
    instalment('late', '2027-03-01', 100),
    instalment('deposit', '2026-01-01', 100),
    instalment('second', '2026-10-01', 100),
    instalment('today', today, 100),
  ];

  it('applies the payments in due-date order, each instalment paid on the day its last cent arrived', () => {
    const lines = instalmentLines(
      plan,
      [payment('b', '2026-02-01', 70), payment('a', '2026-01-01', 80), payment('c', '2026-11-01', 10)],
      today,
    );
    expect(lines.map((line) => [line.id, line.state, line.coveredCents, line.paidOn])).toEqual([
      ['deposit', 'paid', 100, '2026-02-01'],
      ['second', 'overdue', 60, null],
      ['today', 'due', 0, null],
      ['late', 'due', 0, null],
    ]);
  });

  it('counts nothing paid without a payment, and an instalment due today is not overdue yet', () => {
    expect(instalmentLines(plan, [], today).map((line) => line.state)).toEqual([
      'overdue',
      'overdue',
      'due',
      'due',
    ]);
  });

  it('marks everything paid once the payments cover it all', () => {
    const lines = instalmentLines(plan, [payment('all', '2026-11-20', 400)], today);
    expect(lines.every((line) => line.state === 'paid' && line.paidOn === '2026-11-20')).toBe(true);
  });
});

describe('schedule', () => {
  it('orders by due date and names the next, the later and the overdue instalments', () => {
    const result = schedule(
      {
        booking_installments: [
          instalment('late', '2027-03-01', 100),
          instalment('paid', '2026-01-01', 100),
          instalment('overdue', '2026-10-01', 100),
          instalment('soon', '2026-12-01', 100),
        ],
        payments: [payment('p', '2026-01-01', 100)],
      },
      '2026-11-23',
    );
    expect(result.installments.map((i) => i.id)).toEqual(['paid', 'overdue', 'soon', 'late']);
    expect(result.next?.id).toBe('overdue');
    expect(result.later.map((i) => i.id)).toEqual(['soon', 'late']);
    expect(result.overdue.map((i) => i.id)).toEqual(['overdue']);
  });

  it('has no next instalment once everything is paid', () => {
    const result = schedule(
      {
        booking_installments: [instalment('a', '2026-01-01', 100)],
        payments: [payment('p', '2026-01-01', 100)],
      },
      '2026-11-23',
    );
    expect(result.next).toBeNull();
    expect(result.later).toEqual([]);
  });
});

describe('bookingIdFrom', () => {
  it('reads a uuid from ?booking= and refuses anything else', () => {
    expect(bookingIdFrom('?booking=0A1B2C3D-0000-4000-8000-000000000001')).toBe(
      '0a1b2c3d-0000-4000-8000-000000000001',
    );
    expect(bookingIdFrom('?booking=1 or 1=1')).toBeNull();
    expect(bookingIdFrom('')).toBeNull();
  });
});

describe('localToday', () => {
  it('formats the local calendar day', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('overduePayment', () => {
  const booking = (
    status: 'confirmed' | 'cancelled' | 'pending',
    installments: Installment[],
    payments: Payment[] = [],
    currency = 'AUD',
  ) => ({ status, booking_installments: installments, payments, currency });
  const today = '2026-11-27';

  it('sums what the instalments due before today still need, since the earliest of them', () => {
    const overdue = overduePayment(
      booking(
        'confirmed',
        [
          instalment('c', '2025-06-01', 80000),
          instalment('a', '2025-01-15', 80000),
          instalment('b', '2025-03-01', 80000),
          instalment('d', '2027-01-01', 80000),
        ],
        [payment('p', '2025-01-10', 80000)],
      ),
      today,
    );
    expect(overdue).toEqual({ amountCents: 160000, since: '2025-03-01', currency: 'AUD' });
    expect(overdueNotice(overdue!)).toBe('$1,600.00 overdue since 1st March, 2025');
  });

  it('counts only the part still owed of a partly paid instalment, in the booking’s currency', () => {
    const overdue = overduePayment(
      booking(
        'confirmed',
        [instalment('a', '2025-01-15', 80000)],
        [payment('p', '2025-01-10', 30000)],
        'USD',
      ),
      today,
    );
    expect(overdueNotice(overdue!)).toBe(`${formatPrice(50000, 'USD')} overdue since 15th January, 2025`);
  });

  it('is null when nothing unpaid is past its due date (due today is not yet overdue)', () => {
    expect(overduePayment(booking('confirmed', [instalment('a', today, 100)]), today)).toBeNull();
    expect(
      overduePayment(
        booking('pending', [instalment('a', '2025-01-01', 100)], [payment('p', '2025-01-01', 100)]),
        today,
      ),
    ).toBeNull();
    expect(overduePayment(booking('confirmed', []), today)).toBeNull();
  });

  it('is null for a cancelled booking: nothing is owed on it', () => {
    expect(overduePayment(booking('cancelled', [instalment('a', '2025-01-01', 100)]), today)).toBeNull();
  });
});

describe('pendingNotices', () => {
  const notice = (id: string, created_at: string, payment_id: string | null): PaymentNotice => ({
    id,
    amount_cents: 100,
    paid_on: '2026-11-01',
    note: null,
    payment_id,
    created_at,
  });
  it('keeps the notices no payment has matched, oldest first', () => {
    const pending = pendingNotices({
      payment_notices: [
        notice('b', '2026-11-02', null),
        notice('m', '2026-11-01', 'pay'),
        notice('a', '2026-11-01', null),
      ],
    });
    expect(pending.map((row) => row.id)).toEqual(['a', 'b']);
  });
});

describe('cancellation', () => {
  it('keeps the deposit (or the part of it paid) and leaves what was paid after it to the company', () => {
    const booking = (paid: number) => ({
      deposit_cents: 80000,
      total_cents: 240000,
      payments: paid ? [payment('p', '2026-01-01', paid)] : [],
    });
    expect(cancellationTerms(booking(100000))).toEqual({
      depositCents: 80000,
      keptCents: 80000,
      beyondDepositCents: 20000,
    });
    expect(cancellationTerms(booking(50000))).toEqual({
      depositCents: 80000,
      keptCents: 50000,
      beyondDepositCents: 0,
    });
  });

  it('may be asked once, for a pending or confirmed booking', () => {
    expect(canRequestCancellation({ status: 'pending', cancellation_requested_at: null })).toBe(true);
    expect(
      canRequestCancellation({ status: 'confirmed', cancellation_requested_at: '2026-11-01T00:00:00Z' }),
    ).toBe(false);
    expect(canRequestCancellation({ status: 'cancelled', cancellation_requested_at: null })).toBe(false);
    expect(canRequestCancellation({ status: 'completed', cancellation_requested_at: null })).toBe(false);
  });
});

describe('booking rules', () => {
  const aud = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  it('reads an amount in cents and holds it to what is left', () => {
    expect(amountCents('1,250.5')).toBe(125050);
    expect(amountCents('$80')).toBe(8000);
    expect(amountCents('12.345')).toBeNull();
    expect(noticeAmountProblem('', 100, aud)).toBe('Please enter the amount you paid.');
    expect(noticeAmountProblem('0', 100, aud)).toBe('Enter an amount of at least 1 cent.');
    expect(noticeAmountProblem('1.01', 100, aud)).toBe('That is more than is left to pay ($1.00).');
    expect(noticeAmountProblem('1', 100, aud)).toBeUndefined();
  });

  it('takes a day from the booking to today', () => {
    expect(noticeDayProblem('2026-11-10', '2026-11-10', '2026-11-20')).toBeUndefined();
    expect(noticeDayProblem('2026-11-21', '2026-11-10', '2026-11-20')).toBe(
      'The day you paid is today or earlier.',
    );
    expect(noticeDayProblem('2026-11-09', '2026-11-10', '2026-11-20')).toBe(
      'The day you paid is on or after the day you booked.',
    );
    expect(noticeDayProblem('soon', '2026-11-10', '2026-11-20')).toBe('Please enter the day you paid.');
  });

  it('takes an optional reason of at most 1000 characters', () => {
    expect(cancellationReasonProblem('')).toBeUndefined();
    expect(cancellationReasonProblem('x'.repeat(1000))).toBeUndefined();
    expect(cancellationReasonProblem('x'.repeat(1001))).toBe('The reason must be 1,000 characters or fewer.');
  });
});
