/**
 * What a member's booking looks like on their pages, computed from the rows row-level security lets them
 * read: money in integer cents, paid being the payments received and nothing else (decision 0073), progress
 * as paid ÷ total (spec §9), and each instalment's state from the payments applied in due-date order, as
 * the database's record_payment applies them.
 */
import { formatPrice } from '../../lib/format/currency';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { hasEnded } from '../../lib/format/today';

export type BookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'completed';

export interface Installment {
  id: string;
  due_date: string;
  amount_cents: number;
}

export interface Payment {
  id: string;
  amount_cents: number;
  /** The day (Sydney) the money arrived. */
  received_on: string;
  reference: string | null;
  /** What went back of it (public.payment_refunds), a card surcharge given back apart (decision 0096). */
  payment_refunds?: PaymentRefund[];
}

export interface PaymentRefund {
  id: string;
  amount_cents: number;
  surcharge_cents: number;
  refunded_at: string;
}

/** A member's word that they paid (public.payment_notices): pending until a recorded payment matches it. */
export interface PaymentNotice {
  id: string;
  amount_cents: number;
  paid_on: string;
  note: string | null;
  payment_id: string | null;
  created_at: string;
}

/** A payment reminder e-mailed about one instalment (public.payment_reminders, decision 0081). */
export interface PaymentReminder {
  id: number;
  /** 'before' the due date, on the day ('due'), or 'overdue' (then `sequence` is 1, 2, 3 …). */
  kind: string;
  sequence: number;
  due_date: string;
  /** What was still owed on the instalment when the reminder went. */
  amount_cents: number;
  /** The day (Sydney) it was sent. */
  sent_on: string;
}

export interface BookingEvent {
  id: string;
  title: string;
  start_date: string;
  end_date: string;
  /** 'completed' once the daily job has marked the ended trip (decision 0083). */
  status: 'draft' | 'published' | 'completed' | 'cancelled';
}

export interface MemberBooking {
  id: string;
  user_id: string;
  invoice_number: string;
  status: BookingStatus;
  total_cents: number;
  deposit_cents: number;
  currency: string;
  travellers: number;
  notes: string | null;
  created_at: string;
  hold_expires_at: string | null;
  bank_reference: string | null;
  cancellation_requested_at: string | null;
  event: BookingEvent | null;
  booking_installments: Installment[];
  payments: Payment[];
  payment_notices: PaymentNotice[];
  payment_reminders: PaymentReminder[];
}

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** A booking's amount in its own currency, the Australian way ("$2,400.00", "US$850.00"). */
export function money(cents: number, booking: Pick<MemberBooking, 'currency'>): string {
  return formatPrice(cents, booking.currency);
}

export interface Money {
  totalCents: number;
  paidCents: number;
  remainingCents: number;
  /** Whole percent, 0–100: paid ÷ total (a booking of 0 is fully paid). */
  percent: number;
}

/** Paid is the sum of the payments received; remaining never goes below zero. */
export function bookingMoney(booking: Pick<MemberBooking, 'total_cents' | 'payments'>): Money {
  const totalCents = booking.total_cents;
  const paidCents = booking.payments.reduce((sum, payment) => sum + payment.amount_cents, 0);
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

/** paid: covered in full; due: not yet, due today or later; overdue: not covered and due before today. */
export type InstalmentState = 'paid' | 'due' | 'overdue';

export interface InstalmentLine extends Installment {
  state: InstalmentState;
  /** How much of it the payments cover (all of it when paid). */
  coveredCents: number;
  /** The day its last cent arrived, when paid. */
  paidOn: string | null;
}

/**
 * The payments applied to the instalments in due-date order (earliest payment first): each instalment takes
 * what it still needs from the payments not used yet. `today` is Sydney's day (YYYY-MM-DD): an instalment
 * due today is not overdue yet.
 */
export function instalmentLines(
  installments: readonly Installment[],
  payments: readonly Payment[],
  today: string,
): InstalmentLine[] {
  const pool = [...payments]
    .sort((a, b) => a.received_on.localeCompare(b.received_on) || a.id.localeCompare(b.id))
    .map((payment) => ({ left: payment.amount_cents, on: payment.received_on }));
  let next = 0;
  return [...installments]
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id.localeCompare(b.id))
    .map((installment) => {
      let need = installment.amount_cents;
      let lastOn: string | null = null;
      while (need > 0 && next < pool.length) {
        const payment = pool[next]!;
        const take = Math.min(need, payment.left);
        need -= take;
        payment.left -= take;
        lastOn = payment.on;
        if (payment.left === 0) next += 1;
      }
      const paid = need === 0;
      return {
        ...installment,
        coveredCents: installment.amount_cents - need,
        paidOn: paid ? lastOn : null,
        state: paid ? 'paid' : installment.due_date < today ? 'overdue' : 'due',
      };
    });
}

export interface Schedule {
  /** By due date, earliest first. */
  installments: InstalmentLine[];
  /** The earliest instalment not paid in full, or null when everything is paid. */
  next: InstalmentLine | null;
  /** Instalments not paid after `next`. */
  later: InstalmentLine[];
  /** Instalments not paid whose due date is before `today`. */
  overdue: InstalmentLine[];
}

export function schedule(
  booking: Pick<MemberBooking, 'booking_installments' | 'payments'>,
  today: string,
): Schedule {
  const lines = instalmentLines(booking.booking_installments, booking.payments, today);
  const unpaid = lines.filter((line) => line.state !== 'paid');
  return {
    installments: lines,
    next: unpaid[0] ?? null,
    later: unpaid.slice(1),
    overdue: unpaid.filter((line) => line.state === 'overdue'),
  };
}

export interface OverduePayment {
  /** What the overdue instalments still need, summed. */
  amountCents: number;
  /** The earliest due date among them (YYYY-MM-DD): overdue since then. */
  since: string;
  currency: string;
}

/**
 * What the member owes late: what the instalments due before `today` (Sydney's, the company's day) still
 * need, or null. An instalment due today is not yet late; a cancelled booking owes nothing.
 */
export function overduePayment(
  booking: Pick<MemberBooking, 'status' | 'booking_installments' | 'payments' | 'currency'>,
  today: string,
): OverduePayment | null {
  if (booking.status === 'cancelled') return null;
  const late = schedule(booking, today).overdue;
  const first = late[0];
  if (!first) return null;
  return {
    amountCents: late.reduce((sum, line) => sum + line.amount_cents - line.coveredCents, 0),
    since: first.due_date,
    currency: booking.currency,
  };
}

/** The member's notices no recorded payment has matched yet, oldest first. */
export function pendingNotices(booking: Pick<MemberBooking, 'payment_notices'>): PaymentNotice[] {
  return booking.payment_notices
    .filter((notice) => notice.payment_id === null)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** "$1,600.00 overdue since 1st March, 2025" */
export function overdueNotice(overdue: OverduePayment): string {
  return `${formatPrice(overdue.amountCents, overdue.currency)} overdue since ${formatOrdinalDate(overdue.since)}`;
}

/** The event has ended once its last day is before today. */
export function eventHasEnded(event: Pick<BookingEvent, 'end_date'> | null, today: string): boolean {
  return event !== null && hasEnded(event.end_date, today);
}

/**
 * A booking counts as completed when it is marked so, or (not cancelled) its event is: marked completed by
 * the database's daily job, or ended by today's date, which the page knows before the job has run.
 */
export function isCompletedBooking(booking: Pick<MemberBooking, 'status' | 'event'>, today: string): boolean {
  if (booking.status === 'cancelled') return false;
  return (
    booking.status === 'completed' ||
    booking.event?.status === 'completed' ||
    eventHasEnded(booking.event, today)
  );
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

/** A pending booking's places are held until its hold expires (null: no hold, or not pending). */
export function holdUntil(booking: Pick<MemberBooking, 'status' | 'hold_expires_at'>): string | null {
  return booking.status === 'pending' ? booking.hold_expires_at : null;
}

/** What asking to cancel means under the terms: the deposit (of what is paid) is kept, the rest is the company's call. */
export interface CancellationTerms {
  depositCents: number;
  /** The part of the deposit received so far: kept. */
  keptCents: number;
  /** What was paid after the deposit: refunded or credited, as the company decides. */
  beyondDepositCents: number;
}

export function cancellationTerms(
  booking: Pick<MemberBooking, 'deposit_cents' | 'total_cents' | 'payments'>,
) {
  const paid = bookingMoney(booking).paidCents;
  const keptCents = Math.min(paid, booking.deposit_cents);
  return { depositCents: booking.deposit_cents, keptCents, beyondDepositCents: paid - keptCents };
}

/** Whether the member may ask to cancel: a pending or confirmed booking, not asked already. */
export function canRequestCancellation(
  booking: Pick<MemberBooking, 'status' | 'cancellation_requested_at'>,
): boolean {
  return (
    (booking.status === 'pending' || booking.status === 'confirmed') &&
    booking.cancellation_requested_at === null
  );
}
