// The admin bookings screens' pure logic: the states as the company names them, the list's query from the
// address, the CSV's columns, amounts typed in dollars, an instalment's standing, and what a cancellation
// may give back. The database decides each of these again (decision 0074); these only shape the screen.
import * as z from 'zod';
import { formatPrice } from '../../../lib/format/currency';
import { formatDateTime } from '../../../lib/format/dates';
import { PAGE_SIZE } from '../table/paging';
import type { CsvColumn } from '../table/csv';
import type { BookingSearch } from './booking-search';
import {
  BOOKING_SORTS,
  type BookingRow,
  type BookingSort,
  type BookingsQuery,
  type BookingState,
} from './bookings.data';

/** Each state the list shows, in words. */
export const STATE_LABELS: Record<BookingState, string> = {
  held: 'Pending, places held',
  expired: 'Pending, hold expired',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/**
 * The member's own request to cancel (request_cancellation, decision 0073) as the booking screen shows it:
 * when they asked and why, or null when they have not asked. The admin decides on it with Cancel booking.
 */
export function cancellationRequest(booking: {
  cancellation_requested_at: string | null;
  cancellation_reason: string | null;
}): string | null {
  if (!booking.cancellation_requested_at) return null;
  const reason = booking.cancellation_reason?.trim();
  return `${formatDateTime(booking.cancellation_requested_at)}: ${reason ? reason : 'no reason given'}`;
}

/** The list's `filter`: which state it shows ('' every booking). */
export const STATE_FILTERS = [
  { value: '', label: 'Every status' },
  { value: 'held', label: STATE_LABELS.held },
  { value: 'expired', label: STATE_LABELS.expired },
  { value: 'confirmed', label: STATE_LABELS.confirmed },
  { value: 'cancelled', label: STATE_LABELS.cancelled },
  { value: 'completed', label: STATE_LABELS.completed },
] as const;

export function stateLabel(state: string): string {
  return STATE_LABELS[state as BookingState] ?? state;
}

/** Cents in the booking's currency, en-AU: '$1,000.00' for AUD, 'NZ$1,000.00' for NZD. */
export const money = (cents: number, currency: string) => formatPrice(cents, currency);

/** What the address asks the list for; an unknown sort falls back to the newest first. */
export function bookingsQuery(search: BookingSearch, pageSize = PAGE_SIZE): BookingsQuery {
  const sort = BOOKING_SORTS.find((key) => key === search.sort) as BookingSort | undefined;
  const state = STATE_FILTERS.find((option) => option.value === search.filter)?.value ?? '';
  return {
    search: search.q?.trim() ?? '',
    sort: sort ?? 'created',
    dir: sort ? (search.dir ?? 'asc') : 'desc',
    state,
    event: search.event,
    limit: pageSize,
    offset: (Math.max(1, search.page ?? 1) - 1) * pageSize,
  };
}

/** The export: every column of the list and the ids, amounts as dollars, dates as ISO so spreadsheets sort them. */
export const BOOKING_CSV_COLUMNS: readonly CsvColumn<BookingRow>[] = [
  { header: 'Invoice number', value: (row) => row.invoice_number },
  { header: 'Member', value: (row) => row.member_name },
  { header: 'E-mail', value: (row) => row.member_email },
  { header: 'Event', value: (row) => row.event_title },
  { header: 'Departs', value: (row) => row.event_start },
  { header: 'Travellers', value: (row) => row.travellers },
  { header: 'Currency', value: (row) => row.currency },
  { header: 'Total', value: (row) => dollars(row.total_cents) },
  { header: 'Paid', value: (row) => dollars(row.paid_cents) },
  { header: 'Left to pay', value: (row) => dollars(row.left_cents) },
  { header: 'Status', value: (row) => stateLabel(row.state) },
  { header: 'Bank reference', value: (row) => row.bank_reference },
  { header: 'Created', value: (row) => row.created_at },
  { header: 'Booking id', value: (row) => row.id },
];

/** Cents as a plain decimal for a spreadsheet: 123456 → '1234.56'. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  return `${sign}${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** An amount typed in dollars ('1,200', '$99.5', '0.01') as whole cents; null when it is not one. */
export function amountCents(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const amountField = (what: string, allowZero: boolean) =>
  z.string().refine((value) => {
    const cents = amountCents(value);
    return cents !== null && (allowZero || cents > 0);
  }, `Enter ${what} in dollars, such as 250 or 250.50.`);

/** The bank transfer form: the amount, the day it arrived (today or earlier, Sydney) and the statement's reference. */
export function paymentFormSchema(today: string) {
  return z.object({
    amount: amountField('the amount received', false),
    received_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the day the money arrived.')
      .refine((value) => value <= today, 'The money arrived today or earlier.'),
    reference: z.string().trim().max(100, 'At most 100 characters.'),
  });
}
export type PaymentForm = z.infer<ReturnType<typeof paymentFormSchema>>;

/** What the company may give back on cancelling: what was received beyond the deposit (never below 0). */
export function refundableCents(paidCents: number, depositCents: number): number {
  return Math.max(0, paidCents - depositCents);
}

/** The cancellation form: a refund and a credit in dollars (0 allowed), together at most `refundable`, and a reason. */
export function cancelFormSchema(refundable: number, currency: string) {
  return z
    .object({
      refund: amountField('the refund', true),
      credit: amountField('the credit', true),
      reason: z
        .string()
        .trim()
        .min(1, 'Say why the booking is cancelled.')
        .max(2000, 'At most 2,000 characters.'),
    })
    .refine((form) => (amountCents(form.refund) ?? 0) + (amountCents(form.credit) ?? 0) <= refundable, {
      path: ['credit'],
      message: `The refund and the credit together can be at most ${money(refundable, currency)}, what was paid beyond the non-refundable deposit.`,
    });
}
export type CancelForm = z.infer<ReturnType<typeof cancelFormSchema>>;

/** How a cancellation settles the money received: what is kept is what is neither refunded nor credited. */
export function settlement(paidCents: number, refundCents: number, creditCents: number) {
  return { kept: paidCents - refundCents - creditCents, refund: refundCents, credit: creditCents };
}

export type InstalmentStanding = 'paid' | 'overdue' | 'due';

/** An instalment's standing on `today` (Sydney, ISO): paid, overdue (its day has passed) or due. */
export function instalmentStanding(
  instalment: { due_date: string; paid_at: string | null },
  today: string,
): InstalmentStanding {
  if (instalment.paid_at) return 'paid';
  return instalment.due_date < today ? 'overdue' : 'due';
}

export const STANDING_LABELS: Record<InstalmentStanding, string> = {
  paid: 'Paid',
  overdue: 'Overdue',
  due: 'Due',
};
