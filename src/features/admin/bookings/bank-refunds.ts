import { z } from 'zod';
import { money } from './bookings';
import { refundAmountField } from './card-refunds';

/**
 * Bank transfers paid back by hand after the company cancelled a departure (decision 0096), in the admin's
 * words. Pure, so the rules are unit-tested apart from the screens; the database checks every figure again
 * (record_bank_refund) and lists what is owed (admin_bank_refunds_due).
 */

/** The longest reference record_bank_refund accepts (payment_refunds' CHECK says 100 too). */
export const BANK_REFUND_REFERENCE_MAX = 100;

export interface BankRefundablePayment {
  method: string;
  amount_cents: number;
  payment_refunds: { amount_cents: number }[];
}

/** What is left to pay back of one bank transfer: the payment less its recorded refunds (0 for a card). */
export function bankRefundLeftCents(payment: BankRefundablePayment): number {
  if (payment.method !== 'bank_transfer') return 0;
  const refunded = payment.payment_refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
  return Math.max(0, payment.amount_cents - refunded);
}

/** The form: an amount in dollars from $0.01 to what is left, and the reference of the company's transfer. */
export function bankRefundFormSchema(leftCents: number, currency: string) {
  return z.object({
    amount: refundAmountField(leftCents, {
      notAmount: 'Enter the amount in dollars, such as 250 or 250.50.',
      tooMuch: `At most ${money(leftCents, currency)} is left to pay back on this transfer.`,
    }),
    reference: z
      .string()
      .trim()
      .min(1, 'Give the reference of the transfer you made.')
      .max(BANK_REFUND_REFERENCE_MAX, `Keep the reference to ${BANK_REFUND_REFERENCE_MAX} characters.`),
  });
}
export type BankRefundForm = z.infer<ReturnType<typeof bankRefundFormSchema>>;

/** One row of admin_bank_refunds_due: a bank transfer still to pay back, with its booking and member. */
export interface BankRefundDue {
  booking_id: string;
  invoice_number: string;
  bank_reference: string | null;
  member_name: string | null;
  member_email: string | null;
  event_title: string;
  event_start: string;
  payment_id: string;
  received_on: string;
  payment_reference: string | null;
  amount_cents: number;
  due_cents: number;
  currency: string;
}

/** The rows gathered per booking, in the database's order: who, which departure, how much in all. */
export type BookingRefundsDue = Omit<
  BankRefundDue,
  'payment_id' | 'received_on' | 'payment_reference' | 'amount_cents'
> & { transfers: BankRefundDue[] };

export function refundsDueByBooking(rows: readonly BankRefundDue[]): BookingRefundsDue[] {
  const byBooking = new Map<string, BookingRefundsDue>();
  for (const row of rows) {
    const booking = byBooking.get(row.booking_id);
    if (booking) {
      booking.due_cents += row.due_cents;
      booking.transfers.push(row);
    } else {
      byBooking.set(row.booking_id, {
        booking_id: row.booking_id,
        invoice_number: row.invoice_number,
        bank_reference: row.bank_reference,
        member_name: row.member_name,
        member_email: row.member_email,
        event_title: row.event_title,
        event_start: row.event_start,
        currency: row.currency,
        due_cents: row.due_cents,
        transfers: [row],
      });
    }
  }
  return [...byBooking.values()];
}
