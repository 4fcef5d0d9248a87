import { describe, expect, it } from 'vitest';
import {
  bookingIdFrom,
  bookingMoney,
  localToday,
  overdueNotice,
  overduePayment,
  progressPercent,
  schedule,
  type Installment,
} from './bookings';

const instalment = (
  id: string,
  due_date: string,
  amount_cents: number,
  paid_at: string | null = null,
): Installment => ({
  id,
  due_date,
  amount_cents,
  paid_at,
});

describe('bookingMoney', () => {
  it('sums the paid instalments; remaining is the rest; progress is paid ÷ total', () => {
    const money = bookingMoney({
      total_cents: 240000,
      booking_installments: [
        instalment('a', '2026-01-01', 80000, '2025-12-30T10:00:00Z'),
        instalment('b', '2026-04-01', 80000),
        instalment('c', '2026-07-01', 80000),
      ],
    });
    expect(money).toEqual({ totalCents: 240000, paidCents: 80000, remainingCents: 160000, percent: 33 });
  });

  it('is 0% with no instalments and never remains below zero', () => {
    expect(bookingMoney({ total_cents: 5000, booking_installments: [] })).toEqual({
      totalCents: 5000,
      paidCents: 0,
      remainingCents: 5000,
      percent: 0,
    });
    expect(
      bookingMoney({ total_cents: 100, booking_installments: [instalment('a', '2026-01-01', 150, 'x')] }),
    ).toMatchObject({ remainingCents: 0, percent: 100 });
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

describe('schedule', () => {
  it('orders by due date and names the next, the later and the overdue instalments', () => {
    const result = schedule(
      [
        instalment('late', '2027-03-01', 100),
        instalment('paid', '2026-01-01', 100, '2026-01-01T00:00:00Z'),
        instalment('overdue', '2026-10-01', 100),
        instalment('soon', '2026-12-01', 100),
      ],
      '2026-11-23',
    );
    expect(result.installments.map((i) => i.id)).toEqual(['paid', 'overdue', 'soon', 'late']);
    expect(result.next?.id).toBe('overdue');
    expect(result.later.map((i) => i.id)).toEqual(['soon', 'late']);
    expect(result.overdue.map((i) => i.id)).toEqual(['overdue']);
  });

  it('has no next instalment once everything is paid', () => {
    const result = schedule([instalment('a', '2026-01-01', 100, 'x')], '2026-11-23');
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
  const booking = (status: 'confirmed' | 'cancelled' | 'pending', installments: Installment[]) => ({
    status,
    booking_installments: installments,
  });
  const today = '2026-11-27';

  it('sums the unpaid instalments due before today, since the earliest of them', () => {
    const overdue = overduePayment(
      booking('confirmed', [
        instalment('c', '2025-06-01', 80000),
        instalment('a', '2025-01-15', 80000, '2025-01-10T00:00:00Z'),
        instalment('b', '2025-03-01', 80000),
        instalment('d', '2027-01-01', 80000),
      ]),
      today,
    );
    expect(overdue).toEqual({ amountCents: 160000, since: '2025-03-01' });
    expect(overdueNotice(overdue!)).toBe('$1,600.00 overdue since 1st March, 2025');
  });

  it('is null when nothing unpaid is past its due date (due today is not yet overdue)', () => {
    expect(overduePayment(booking('confirmed', [instalment('a', today, 100)]), today)).toBeNull();
    expect(
      overduePayment(booking('pending', [instalment('a', '2025-01-01', 100, '2025-01-01T00:00:00Z')]), today),
    ).toBeNull();
    expect(overduePayment(booking('confirmed', []), today)).toBeNull();
  });

  it('is null for a cancelled booking: nothing is owed on it', () => {
    expect(overduePayment(booking('cancelled', [instalment('a', '2025-01-01', 100)]), today)).toBeNull();
  });
});
