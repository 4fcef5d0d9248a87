import { formatPrice } from '../../lib/format/currency';
import type { Money } from './bookings';

/** Total, paid and remaining, as a description list (en-AU, in the booking's currency). */
export function MoneyFigures({ money, currency }: { money: Money; currency: string }) {
  const rows = [
    ['Total', money.totalCents],
    ['Paid', money.paidCents],
    ['Remaining', money.remainingCents],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm">
      {rows.map(([label, cents]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{formatPrice(cents, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
