// A refund's amount as the member got it back (decision 0096 amended): the payment's money and, when the
// company cancelled, the card surcharge given back with it, which the ledger keeps apart (surcharge_cents).
import { formatPrice } from './currency';

export interface RefundParts {
  amount_cents: number;
  surcharge_cents: number;
}

/** "$1,619.20 (incl. $19.20 card surcharge)", or "$300.00" when no surcharge went back with it. */
export function refundAmountText(refund: RefundParts, currency: string): string {
  const total = formatPrice(refund.amount_cents + refund.surcharge_cents, currency);
  return refund.surcharge_cents > 0
    ? `${total} (incl. ${formatPrice(refund.surcharge_cents, currency)} card surcharge)`
    : total;
}
