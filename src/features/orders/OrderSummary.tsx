import { formatAudCents } from '../../lib/format/currency';

export interface SummaryLine {
  key: string;
  label: string;
  quantity: number;
  eachCents: number;
  totalCents: number;
  gstCents: number;
}

export interface SummaryFigures {
  discountPercent: number;
  discountCents: number;
  /** null: not chosen yet (postage or pickup). */
  shippingCents: number | null;
  delivery: 'ship' | 'pickup';
  totalCents: number;
  gstCents: number;
}

/**
 * An order's lines and figures as a table: each line's price after the member discount and the GST in it,
 * postage (or free pickup), the total and the GST it includes. The checkout and the order page (a tax
 * invoice once paid) show the same table.
 */
export function OrderSummary({ lines, figures }: { lines: SummaryLine[]; figures: SummaryFigures }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">What the order holds</caption>
      <thead>
        <tr className="border-border border-b">
          <th scope="col" className="py-2 text-start">
            Item
          </th>
          <th scope="col" className="py-2 text-end">
            Qty
          </th>
          <th scope="col" className="py-2 text-end">
            Each
          </th>
          <th scope="col" className="py-2 text-end">
            GST
          </th>
          <th scope="col" className="py-2 text-end">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} className="border-border border-b">
            <td className="py-2">{line.label}</td>
            <td className="py-2 text-end tabular-nums">{line.quantity}</td>
            <td className="py-2 text-end tabular-nums">{formatAudCents(line.eachCents)}</td>
            <td className="py-2 text-end tabular-nums">{formatAudCents(line.gstCents)}</td>
            <td className="py-2 text-end tabular-nums">{formatAudCents(line.totalCents)}</td>
          </tr>
        ))}
        <tr className="border-border border-b">
          <td className="py-2" colSpan={3}>
            {figures.delivery === 'ship' ? 'Postage within Australia' : 'Pickup'}
          </td>
          <td className="py-2 text-end tabular-nums">
            {figures.shippingCents ? formatAudCents(Math.round(figures.shippingCents / 11)) : ''}
          </td>
          <td className="py-2 text-end tabular-nums">
            {figures.shippingCents === null
              ? '–'
              : figures.shippingCents === 0
                ? 'Free'
                : formatAudCents(figures.shippingCents)}
          </td>
        </tr>
      </tbody>
      <tfoot>
        {figures.discountCents > 0 && (
          <tr>
            <td colSpan={5} className="text-muted-foreground pt-2 text-end">
              Prices include your {figures.discountPercent}% member discount: you save{' '}
              {formatAudCents(figures.discountCents)}.
            </td>
          </tr>
        )}
        <tr>
          <th scope="row" colSpan={4} className="pt-3 text-start text-base">
            Total
          </th>
          <td className="pt-3 text-end text-base font-semibold tabular-nums" data-testid="order-total">
            {formatAudCents(figures.totalCents)}
          </td>
        </tr>
        <tr>
          <td colSpan={5} className="text-muted-foreground pt-1 text-end" data-testid="order-gst">
            Includes GST of {formatAudCents(figures.gstCents)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
