// Bank transfers to pay back after the company cancelled a departure (decision 0096): the list is one RPC
// (admin_bank_refunds_due, admin only), and recording one is record_bank_refund, which checks the admin,
// the booking, the amount against what is left of that transfer and the reference. Failures are DataErrors.
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import type { BankRefundDue } from './bank-refunds';

export const bankRefundsDueKey = ['admin', 'bookings', 'bank-refunds-due'] as const;

/** Every bank transfer still to pay back, oldest departure first. */
export async function fetchBankRefundsDue(client: LoadClient = sharedClient): Promise<BankRefundDue[]> {
  const rows = unwrap(await (await client()).rpc('admin_bank_refunds_due', {}));
  return rows as BankRefundDue[];
}

/** Records money paid back by bank transfer on one payment (record_bank_refund). */
export async function recordBankRefund(
  paymentId: string,
  refund: { amountCents: number; reference: string },
  client: LoadClient = sharedClient,
): Promise<void> {
  unwrap(
    await (
      await client()
    ).rpc('record_bank_refund', {
      p_payment_id: paymentId,
      p_amount_cents: refund.amountCents,
      p_reference: refund.reference,
    }),
  );
}
