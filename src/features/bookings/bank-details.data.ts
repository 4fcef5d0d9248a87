/**
 * The company's bank details for a signed-in member (decision 0077): the account members pay their bank
 * transfers into, read through public.company_bank_details() (visitors are refused; nothing else of the
 * company's settings is readable). null: the company has not entered them yet.
 */
import { formatBsb } from '../../lib/rules/bank';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';

export interface CompanyBankDetails {
  accountName: string;
  /** The bank's name, when the company gave it. */
  bankName: string | null;
  /** As Australians write it: 062-000. */
  bsb: string;
  accountNumber: string;
}

export async function fetchCompanyBankDetails(
  client: LoadClient = sharedClient,
): Promise<CompanyBankDetails | null> {
  const supabase = await client();
  const rows = unwrap(await supabase.rpc('company_bank_details'));
  const row = rows[0];
  if (!row) return null;
  return {
    accountName: row.account_name,
    bankName: row.bank_name || null,
    bsb: formatBsb(row.bsb),
    accountNumber: row.account_number,
  };
}
