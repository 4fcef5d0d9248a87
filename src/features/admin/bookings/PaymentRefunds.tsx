import { formatDateTime } from '../../../lib/format/dates';
import { money } from './bookings';
import type { BookingPayment } from './bookings.data';
import { refundRequestLabel } from './card-refunds';

/**
 * One payment's refunds in the payments table: each refund in the ledger, and each card refund asked for
 * that is not (yet) one: waiting for Stripe, or refused in Stripe's words (decision 0090).
 */
export function PaymentRefunds({ payment, currency }: { payment: BookingPayment; currency: string }) {
  const recorded = new Set(payment.payment_refunds.map((refund) => refund.stripe_refund_id));
  const pending = payment.card_refund_requests.filter(
    (request) => !(request.state === 'made' && recorded.has(request.stripe_refund_id)),
  );
  if (payment.payment_refunds.length === 0 && pending.length === 0) return <>—</>;
  return (
    <ul className="space-y-1">
      {payment.payment_refunds.map((refund) => (
        <li key={refund.id}>
          {money(refund.amount_cents, currency)} refunded {formatDateTime(refund.refunded_at)}
        </li>
      ))}
      {pending.map((request) => (
        <li key={request.id} className={request.state === 'failed' ? 'text-destructive' : undefined}>
          {money(request.amount_cents, currency)}: {refundRequestLabel(request)}
        </li>
      ))}
    </ul>
  );
}
