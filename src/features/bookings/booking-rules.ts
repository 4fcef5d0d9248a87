// The rules of what a member sends about a booking (decision 0073). The database says the same:
// bookings_cancellation_reason_check and request_cancellation (a reason of at most 1000 characters),
// payment_notices_note_check and private.check_payment_notice (an amount of at most what is left, a day from
// the booking to today, a note of at most 500), proven by supabase/tests/database/booking-member-pages.test.ts.
import { characterCount, hasControlCharacters } from '../../lib/rules/text';

export const CANCELLATION_REASON_MAX = 1000;
export const NOTICE_NOTE_MAX = 500;

const MONEY = /^\d+(\.\d{1,2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function messageProblem(value: string, what: string, max: number): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (characterCount(text) > max)
    return `The ${what} must be ${max.toLocaleString('en-AU')} characters or fewer.`;
  if (hasControlCharacters(text, { multiline: true }))
    return `The ${what} contains characters we can't save.`;
  return undefined;
}

/** Optional. */
export function cancellationReasonProblem(value: string): string | undefined {
  return messageProblem(value, 'reason', CANCELLATION_REASON_MAX);
}

/** Optional. */
export function noticeNoteProblem(value: string): string | undefined {
  return messageProblem(value, 'note', NOTICE_NOTE_MAX);
}

/** The amount typed ('250', '250.50', '1,250') in cents, or null when it is no amount. */
export function amountCents(value: string): number | null {
  const amount = value.trim().replace(/[$,\s]/g, '');
  if (!MONEY.test(amount)) return null;
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** An amount of at least 1 cent and at most what is left to pay. */
export function noticeAmountProblem(value: string, leftCents: number, format: (cents: number) => string) {
  if (!value.trim()) return 'Please enter the amount you paid.';
  const cents = amountCents(value);
  if (cents === null) return 'Enter the amount as a number, such as 250 or 250.50.';
  if (cents < 1) return 'Enter an amount of at least 1 cent.';
  if (cents > leftCents) return `That is more than is left to pay (${format(leftCents)}).`;
  return undefined;
}

/** The day the member paid: a date (YYYY-MM-DD) from the day they booked to today (Sydney's days). */
export function noticeDayProblem(value: string, bookedOn: string, today: string): string | undefined {
  const day = value.trim();
  if (!ISO_DATE.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    return 'Please enter the day you paid.';
  if (day > today) return 'The day you paid is today or earlier.';
  if (day < bookedOn) return 'The day you paid is on or after the day you booked.';
  return undefined;
}
