import { describe, expect, it } from 'vitest';
import {
  attentionFilter,
  attentionReasons,
  inScheduleOrder,
  isOverdue,
  mergeCandidate,
  parseDollars,
  type ScheduleInstallment,
} from './schedules';

const instalment = (
  id: string,
  due: string,
  paid = false,
  created = '2026-11-01T00:00:00Z',
): ScheduleInstallment => ({
  id,
  due_date: due,
  amount_cents: 10000,
  paid_at: paid ? '2026-11-02T00:00:00Z' : null,
  created_at: created,
});

describe('the manage-plan screens', () => {
  it('reads dollars as typed into whole cents', () => {
    expect(parseDollars('133.36')).toBe(13336);
    expect(parseDollars('$1,200')).toBe(120000);
    expect(parseDollars(' 1200.5 ')).toBe(120050);
    expect(parseDollars('0.01')).toBe(1);
    expect(parseDollars('0')).toBeNull();
    expect(parseDollars('12.345')).toBeNull();
    expect(parseDollars('-5')).toBeNull();
    expect(parseDollars('ten')).toBeNull();
  });

  it('keeps the schedule in the order payments are applied to it', () => {
    const ordered = inScheduleOrder([
      instalment('c', '2027-01-01'),
      instalment('b', '2026-12-01', false, '2026-11-05T00:00:00Z'),
      instalment('a', '2026-12-01'),
    ]);
    expect(ordered.map((row) => row.id)).toEqual(['a', 'b', 'c']);
  });

  it('merges an unpaid instalment only with the unpaid one right after it', () => {
    const rows = [
      instalment('paid', '2026-11-01', true),
      instalment('x', '2026-12-01'),
      instalment('y', '2027-01-01'),
    ];
    expect(mergeCandidate(rows, 'x')?.id).toBe('y');
    expect(mergeCandidate(rows, 'y')).toBeNull();
    expect(mergeCandidate(rows, 'paid')).toBeNull();
  });

  it('counts an unpaid instalment due before today as overdue', () => {
    expect(isOverdue(instalment('x', '2026-11-27'), '2026-11-28')).toBe(true);
    expect(isOverdue(instalment('x', '2026-11-28'), '2026-11-28')).toBe(false);
    expect(isOverdue(instalment('x', '2026-11-27', true), '2026-11-28')).toBe(false);
  });

  it('says why a booking is listed, most urgent first', () => {
    expect(
      attentionReasons(
        {
          hold_expired: true,
          overdue_since: '2026-11-20',
          overdue_cents: 13336,
          changed_at: 'x',
          currency: 'AUD',
        },
        '2026-11-25',
      ),
    ).toEqual([
      'Hold expired before the deposit arrived',
      '$133.36 overdue since 20 Nov 2026',
      'Schedule changed 25 Nov 2026',
    ]);
    expect(attentionFilter('overdue')).toBe('overdue');
    expect(attentionFilter('autopay')).toBe('autopay');
    expect(attentionFilter('bogus')).toBe('');
  });

  it('says when AutoPay failed, for which instalment, why, and whether it was paid since (decision 0096)', () => {
    const row = {
      hold_expired: false,
      overdue_since: null,
      overdue_cents: 0,
      changed_at: null,
      currency: 'AUD',
      autopay_due_date: '2026-12-05',
      autopay_failure: 'Your card was declined.',
      autopay_paid_since: false,
    };
    expect(attentionReasons(row, null, '2026-12-03')).toEqual([
      'AutoPay failed 3 Dec 2026 for the instalment due 5 Dec 2026: Your card was declined. Not paid since.',
    ]);
    expect(
      attentionReasons({ ...row, autopay_paid_since: true, autopay_failure: null }, null, '2026-12-03'),
    ).toEqual(['AutoPay failed 3 Dec 2026 for the instalment due 5 Dec 2026: no reason given. Paid since.']);
    expect(attentionReasons(row, null, null)).toEqual([]);
  });
});
