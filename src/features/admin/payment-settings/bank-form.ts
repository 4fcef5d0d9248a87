import * as z from 'zod';
import {
  accountNameProblem,
  accountNumberProblem,
  bankNameProblem,
  bsbDigits,
  bsbProblem,
} from '../../../lib/rules/bank';
import { emptyToNull, ruleString } from '../../../lib/forms/rule-schema';
import type { CompanyBankDetails } from '../../bookings/bank-details.data';
import type { BankDetailsValues } from './payment-settings.data';

/** The bank details form: each field through its rule in src/lib/rules/bank.ts, as the database checks it. */
export const bankFormSchema = z.object({
  accountName: ruleString(accountNameProblem),
  bankName: ruleString(bankNameProblem),
  bsb: ruleString(bsbProblem),
  accountNumber: ruleString(accountNumberProblem),
});

export type BankForm = z.infer<typeof bankFormSchema>;

/** What the form starts from: the saved details, or empty fields before any were entered. */
export function toBankForm(details: CompanyBankDetails | null): BankForm {
  return {
    accountName: details?.accountName ?? '',
    bankName: details?.bankName ?? '',
    bsb: details?.bsb ?? '',
    accountNumber: details?.accountNumber ?? '',
  };
}

/** What is saved: trimmed text, the BSB as its six digits, an empty bank name as null. */
export function toBankValues(form: BankForm): BankDetailsValues {
  return {
    accountName: form.accountName.trim(),
    bankName: emptyToNull(form.bankName),
    bsb: bsbDigits(form.bsb) ?? form.bsb.trim(),
    accountNumber: form.accountNumber.trim(),
  };
}
