/**
 * /admin/payment-settings through supabase-js (decision 0077): the company's bank details, read as every
 * signed-in member reads them and saved by public.set_company_bank_details(), which only admins may call
 * and whose table checks each field (src/lib/rules/bank.ts says the same first).
 */
import { dataError, sharedClient, type LoadClient } from '../../../lib/supabase/data';

export { fetchCompanyBankDetails } from '../../bookings/bank-details.data';

export interface BankDetailsValues {
  accountName: string;
  bankName: string | null;
  /** Six digits, no dash. */
  bsb: string;
  accountNumber: string;
}

export type BankSaveOutcome = { outcome: 'saved' } | { outcome: 'refused'; message: string };

export async function saveBankDetails(
  values: BankDetailsValues,
  client: LoadClient = sharedClient,
): Promise<BankSaveOutcome> {
  const { error } = await (
    await client()
  ).rpc('set_company_bank_details', {
    p_account_name: values.accountName,
    p_bsb: values.bsb,
    p_account_number: values.accountNumber,
    ...(values.bankName === null ? {} : { p_bank_name: values.bankName }),
  });
  if (!error) return { outcome: 'saved' };
  if (error.code === '23514')
    return { outcome: 'refused', message: 'Not saved: a field has a value the database refuses.' };
  if (error.code === '42501')
    return { outcome: 'refused', message: 'Only admins can change the bank details.' };
  throw dataError(error);
}
