// The company's bank details (decision 0077): one rule per field, used by the admin's payment settings form
// and its tests. The database's CHECK constraints on private.company_bank_details say the same;
// supabase/tests/database/bank-rules-agree.test.ts runs every boundary value through both.
import { characterCount, hasControlCharacters } from './text';

export const BANK_TEXT_MAX = 100;

/** The six digits of a BSB typed as 062-000, 062000 or 062 000; undefined when it is not one. */
export function bsbDigits(value: string): string | undefined {
  const match = /^(\d{3})[- ]?(\d{3})$/.exec(value.trim());
  return match ? `${match[1]}${match[2]}` : undefined;
}

/** A BSB as Australians write it: 062-000. */
export function formatBsb(digits: string): string {
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

export function bsbProblem(value: string): string | undefined {
  if (!value.trim()) return 'Please enter the BSB.';
  return bsbDigits(value) ? undefined : 'A BSB is six digits, e.g. 062-000.';
}

export function accountNumberProblem(value: string): string | undefined {
  const number = value.trim();
  if (!number) return 'Please enter the account number.';
  return /^\d{6,10}$/.test(number) ? undefined : 'An account number is 6 to 10 digits, without spaces.';
}

function lineProblem(value: string, what: string, required: boolean): string | undefined {
  const text = value.trim();
  if (!text) return required ? `Please enter the ${what}.` : undefined;
  if (characterCount(text) > BANK_TEXT_MAX)
    return `The ${what} must be ${BANK_TEXT_MAX} characters or fewer.`;
  if (hasControlCharacters(text)) return `The ${what} contains characters we can't save.`;
  return undefined;
}

export const accountNameProblem = (value: string) => lineProblem(value, 'account name', true);
/** Optional: empty is saved as null. */
export const bankNameProblem = (value: string) => lineProblem(value, 'bank’s name', false);
