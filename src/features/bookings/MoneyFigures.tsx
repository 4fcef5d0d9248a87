import { formatAudCents } from '../../lib/format/currency';
import type { Money } from './bookings';

/** Total, paid and remaining, as a description list (en-AU AUD). */
export function MoneyFigures({ money }: { money: Money }) {
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
          <dd className="font-semibold tabular-nums">{formatAudCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
