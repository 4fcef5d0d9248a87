import { formatPrice } from '../../lib/format/currency';
import { cardSurchargeCents, surchargePercentText } from '../../lib/rules/card-surcharge';
import { usePaymentOptions } from './usePaymentOptions';

/**
 * The card surcharge, said before the member pays (Australian surcharging rules, decision 0089): its
 * percentage, and its amount when the page knows what the button pays, computed by the same rule as the
 * database. Nothing when the company charges none.
 */
export function CardSurchargeNote({
  amountCents,
  currency = 'AUD',
}: {
  amountCents?: number | undefined;
  currency?: string;
}) {
  const bps = usePaymentOptions((options) => options.cards.surchargeBps).data ?? 0;
  if (bps <= 0) return null;
  const amount =
    amountCents === undefined ? '' : ` (${formatPrice(cardSurchargeCents(amountCents, bps), currency)})`;
  return (
    <p className="text-sm" data-testid="card-surcharge">
      A card surcharge of {surchargePercentText(bps)}
      {amount} applies; bank transfer has none.
    </p>
  );
}
