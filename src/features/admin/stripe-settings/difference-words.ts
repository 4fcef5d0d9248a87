import { formatPrice } from '../../../lib/format/currency';
import type { StripeDifference } from './differences.data';

/** What each kind of difference means, in the admin's words, and what to do about it (decision 0095). */
const KIND_TEXT: Record<string, string> = {
  payment_not_in_ledger: 'Stripe took a payment the ledger does not have',
  payment_not_in_stripe: 'A card payment in the ledger that Stripe does not have',
  amount_differs: 'Stripe and the ledger disagree on the amount',
  refund_not_in_ledger: 'Stripe made a refund the ledger does not have',
  refund_not_in_stripe: 'A refund in the ledger that Stripe does not have',
};

export function differenceText(kind: string): string {
  return KIND_TEXT[kind] ?? kind;
}

/** One side's amount, or "None" when that side has nothing. */
export function sideAmount(difference: Pick<StripeDifference, 'currency'>, cents: number | null): string {
  return cents === null ? 'None' : formatPrice(cents, difference.currency);
}
