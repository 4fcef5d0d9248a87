// Pure helpers of /admin/manage-plan (decision 0075): the list's filters, what each row needs, amounts
// typed in dollars, and which instalments may be edited. Amounts are whole cents.
import { formatPrice } from '../../../lib/format/currency';
import { formatDate } from '../../../lib/format/dates';

/** The list's `filter` in the address: why a booking is listed ('' is any of them). */
export const ATTENTION_FILTER_OPTIONS = [
  { value: '', label: 'Everything that needs attention' },
  { value: 'overdue', label: 'Overdue instalments' },
  { value: 'changed', label: 'Changed in the last 14 days' },
  { value: 'expired', label: 'Pending with an expired hold' },
  { value: 'autopay', label: 'AutoPay failed (last 30 days)' },
] as const;

export type AttentionFilter = (typeof ATTENTION_FILTER_OPTIONS)[number]['value'];

/** The address's filter as the list function takes it: unknown values show everything. */
export function attentionFilter(filter: string | undefined): AttentionFilter {
  return ATTENTION_FILTER_OPTIONS.find((option) => option.value === filter)?.value ?? '';
}

export interface AttentionFacts {
  overdue_since: string | null;
  overdue_cents: number;
  hold_expired: boolean;
  changed_at: string | null;
  currency: string;
  /** The latest AutoPay charge that failed in the last 30 days (decision 0096), or nulls. */
  autopay_failed_at?: string | null;
  autopay_due_date?: string | null;
  autopay_failure?: string | null;
  autopay_paid_since?: boolean | null;
}

/**
 * Why a booking is on the list, in words, most urgent first. `changedOn` is the Sydney day of the change,
 * `autopayFailedOn` the Sydney day an AutoPay charge failed.
 */
export function attentionReasons(
  row: AttentionFacts,
  changedOn: string | null,
  autopayFailedOn: string | null = null,
): string[] {
  const reasons: string[] = [];
  if (row.hold_expired) reasons.push('Hold expired before the deposit arrived');
  if (row.overdue_since)
    reasons.push(
      `${formatPrice(row.overdue_cents, row.currency)} overdue since ${formatDate(row.overdue_since)}`,
    );
  if (changedOn) reasons.push(`Schedule changed ${formatDate(changedOn)}`);
  if (autopayFailedOn)
    reasons.push(
      `AutoPay failed ${formatDate(autopayFailedOn)}` +
        (row.autopay_due_date ? ` for the instalment due ${formatDate(row.autopay_due_date)}` : '') +
        `: ${(row.autopay_failure ?? 'no reason given').replace(/[.!?\s]+$/, '')}. ` +
        (row.autopay_paid_since ? 'Paid since.' : 'Not paid since.'),
    );
  return reasons;
}

/**
 * Dollars as an admin types them ("133.36", "$1,200", "1200.5") in whole cents, or null when it is not an
 * amount of at least a cent with at most two decimals.
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

export interface ScheduleInstallment {
  id: string;
  due_date: string;
  amount_cents: number;
  paid_at: string | null;
  created_at: string;
}

/** The schedule in the order the database applies payments to it: due date, then when each was made. */
export function inScheduleOrder<T extends ScheduleInstallment>(installments: readonly T[]): T[] {
  return [...installments].sort(
    (a, b) =>
      a.due_date.localeCompare(b.due_date) ||
      a.created_at.localeCompare(b.created_at) ||
      a.id.localeCompare(b.id),
  );
}

/** The unpaid instalment right after this one in the schedule, which it may be merged with; else null. */
export function mergeCandidate<T extends ScheduleInstallment>(
  installments: readonly T[],
  id: string,
): T | null {
  const ordered = inScheduleOrder(installments);
  const index = ordered.findIndex((installment) => installment.id === id);
  const next = index >= 0 ? ordered[index + 1] : undefined;
  return next && next.paid_at === null && ordered[index]!.paid_at === null ? next : null;
}

/** Whether an instalment falls due before Sydney's today and is unpaid. */
export const isOverdue = (installment: ScheduleInstallment, today: string) =>
  installment.paid_at === null && installment.due_date < today;
