import { formatDateTime } from '../../../lib/format/dates';
import { refundAmountText } from '../../../lib/format/refund-amount';
import type { BookingPayment } from './bookings.data';
import { refundRequestLabel } from './card-refunds';

const staffName = (staff: { full_name: string | null }) => staff.full_name ?? 'an admin without a name';

/** Who asked for a card refund now in the ledger (the request with the same Stripe refund id). */
function askedBy(payment: BookingPayment, stripeRefundId: string | null): string {
  const request = payment.card_refund_requests.find(
    (candidate) => stripeRefundId !== null && candidate.stripe_refund_id === stripeRefundId,
  );
  return request?.requester ? `, asked by ${staffName(request.requester)}` : '';
}

/**
 * One payment's refunds in the payments table: each refund in the ledger (a bank transfer paid back with its
 * reference and who recorded it, decision 0096), and each card refund asked for that is not (yet) one:
 * waiting for Stripe, or refused in Stripe's words (decision 0090), with the admin who asked. A card
 * surcharge given back with a refund (the company cancelled) is named in its amount (decision 0096 amended).
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
          {refundAmountText(refund, currency)} {refund.reference ? 'paid back' : 'refunded'}{' '}
          {formatDateTime(refund.refunded_at)}
          {refund.reference ? `, reference ${refund.reference}` : ''}
          {refund.recorder ? `, recorded by ${staffName(refund.recorder)}` : ''}
          {askedBy(payment, refund.stripe_refund_id)}
        </li>
      ))}
      {pending.map((request) => (
        <li key={request.id} className={request.state === 'failed' ? 'text-destructive' : undefined}>
          {refundAmountText(request, currency)}: {refundRequestLabel(request)}
          {request.requester ? `, asked by ${staffName(request.requester)}` : ''}
        </li>
      ))}
    </ul>
  );
}
