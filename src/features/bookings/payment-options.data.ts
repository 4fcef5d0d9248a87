/**
 * How a signed-in member may pay, in one read (decision 0089): the company's bank account (decision 0077),
 * whether it takes cards (decision 0087) and the card surcharge, through public.payment_options(). One
 * request where the booking flow's confirmation used to make two. Visitors are refused.
 */
import { formatBsb } from '../../lib/rules/bank';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { CompanyBankDetails } from './bank-details.data';

export interface PaymentOptions {
  /** null: the company has not entered its bank details yet. */
  bank: CompanyBankDetails | null;
  cards: { enabled: boolean; surchargeBps: number };
}

export async function fetchPaymentOptions(client: LoadClient = sharedClient): Promise<PaymentOptions> {
  const supabase = await client();
  const row = unwrap(await supabase.rpc('payment_options'))[0];
  return {
    bank:
      row?.account_name && row.bsb && row.account_number
        ? {
            accountName: row.account_name,
            bankName: row.bank_name || null,
            bsb: formatBsb(row.bsb),
            accountNumber: row.account_number,
          }
        : null,
    cards: { enabled: row?.cards_enabled === true, surchargeBps: row?.card_surcharge_bps ?? 0 },
  };
}
