/**
 * What a member's booking looks like on their pages, computed from the rows row-level security lets them
 * read: money in integer cents (summed from the instalments, so the figures always match the schedule),
 * progress as paid ÷ total (spec §9), and the schedule's next and remaining instalments.
 */
import { formatAudCents } from '../../lib/format/currency';
import { formatOrdinalDate } from '../../lib/format/dates';
import { hasEnded } from '../../lib/format/today';

export type BookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'completed';

export interface Installment {
  id: string;
  due_date: string;
  amount_cents: number;
  paid_at: string | null;
}

export interface BookingEvent {
  id: string;
  title: string;
  start_date: string;
  end_date: string;
}

export interface MemberBooking {
  id: string;
  user_id: string;
  invoice_number: string;
  status: BookingStatus;
  total_cents: number;
  currency: string;
  travellers: number;
  notes: string | null;
  created_at: string;
  event: BookingEvent | null;
  booking_installments: Installment[];
}

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export interface Money {
  totalCents: number;
  paidCents: number;
  remainingCents: number;
  /** Whole percent, 0–100: paid ÷ total (a booking of 0 is fully paid). */
  percent: number;
}

/** Paid is the sum of the instalments marked paid; remaining never goes below zero. */
export function bookingMoney(booking: Pick<MemberBooking, 'total_cents' | 'booking_installments'>): Money {
  const totalCents = booking.total_cents;
  const paidCents = booking.booking_installments
    .filter((installment) => installment.paid_at !== null)
    .reduce((sum, installment) => sum + installment.amount_cents, 0);
  return {
    totalCents,
    paidCents,
    remainingCents: Math.max(0, totalCents - paidCents),
    percent: progressPercent(paidCents, totalCents),
  };
}

/** paid ÷ total as a whole percent, clamped to 0–100. Nothing to pay counts as done. */
export function progressPercent(paidCents: number, totalCents: number): number {
  if (totalCents <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((paidCents / totalCents) * 100)));
}

export interface Schedule {
  /** By due date, earliest first. */
  installments: Installment[];
  /** The earliest unpaid instalment, or null when everything is paid. */
  next: Installment | null;
  /** Unpaid instalments after `next`. */
  later: Installment[];
  /** Unpaid instalments whose due date is before `today`. */
  overdue: Installment[];
}

/** `today` as YYYY-MM-DD (the member's calendar day). */
export function schedule(installments: readonly Installment[], today: string): Schedule {
  const sorted = [...installments].sort((a, b) => a.due_date.localeCompare(b.due_date));
  const unpaid = sorted.filter((installment) => installment.paid_at === null);
  return {
    installments: sorted,
    next: unpaid[0] ?? null,
    later: unpaid.slice(1),
    overdue: unpaid.filter((installment) => installment.due_date < today),
  };
}

export interface OverduePayment {
  /** The unpaid instalments due before today, summed. */
  amountCents: number;
  /** The earliest due date among them (YYYY-MM-DD): overdue since then. */
  since: string;
}

/**
 * What the member owes late: the unpaid instalments whose due date is before `today` (Sydney's, the
 * company's day), or null. An instalment due today is not yet late; a cancelled booking owes nothing.
 */
export function overduePayment(
  booking: Pick<MemberBooking, 'status' | 'booking_installments'>,
  today: string,
): OverduePayment | null {
  if (booking.status === 'cancelled') return null;
  const late = schedule(booking.booking_installments, today).overdue;
  const first = late[0];
  if (!first) return null;
  return {
    amountCents: late.reduce((sum, installment) => sum + installment.amount_cents, 0),
    since: first.due_date,
  };
}

/** "$1,600.00 overdue since 1st March, 2025" */
export function overdueNotice(overdue: OverduePayment): string {
  return `${formatAudCents(overdue.amountCents)} overdue since ${formatOrdinalDate(overdue.since)}`;
}

/** The event has ended once its last day is before today. */
export function eventHasEnded(event: Pick<BookingEvent, 'end_date'> | null, today: string): boolean {
  return event !== null && hasEnded(event.end_date, today);
}

/** A booking counts as completed when it is marked so, or (not cancelled) its event has ended. */
export function isCompletedBooking(booking: Pick<MemberBooking, 'status' | 'event'>, today: string): boolean {
  if (booking.status === 'cancelled') return false;
  return booking.status === 'completed' || eventHasEnded(booking.event, today);
}

/** Today's date in the browser's time zone as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The `booking` query parameter, if it looks like a uuid (anything else is "not found" without a request). */
export function bookingIdFrom(search: string): string | null {
  const id = new URLSearchParams(search).get('booking')?.trim().toLowerCase() ?? '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : null;
}
