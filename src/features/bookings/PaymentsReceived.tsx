import { sydneyDate } from '../../lib/format/dates';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { refundAmountText } from '../../lib/format/refund-amount';
import { money, pendingNotices, type MemberBooking } from './bookings';

/**
 * The payments the company has received (date, amount, reference, and what went back of each, a card
 * surcharge given back named: decision 0096), and below them the transfers the member told us about that no
 * recorded payment has matched yet, marked Pending.
 */
export function PaymentsReceived({ booking }: { booking: MemberBooking }) {
  const payments = [...booking.payments].sort(
    (a, b) => a.received_on.localeCompare(b.received_on) || a.id.localeCompare(b.id),
  );
  const pending = pendingNotices(booking);
  return (
    <section aria-labelledby="payments-received" className="border-border bg-card rounded-lg border p-5">
      <h2 id="payments-received" className="text-xl font-semibold">
        Payments received
      </h2>
      {payments.length === 0 && pending.length === 0 ? (
        <p className="text-muted-foreground mt-2">We have not received a payment for this booking yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-border border-b">
                <th scope="col" className="py-2 pr-4">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4">
                  Amount
                </th>
                <th scope="col" className="py-2">
                  Reference
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id} className="border-border border-b">
                  <td className="py-2 pr-4">{formatOrdinalDate(payment.received_on)}</td>
                  <td className="py-2 pr-4 tabular-nums">
                    {money(payment.amount_cents, booking)}
                    {(payment.payment_refunds ?? []).map((refund) => (
                      <span
                        key={refund.id}
                        className="text-muted-foreground block"
                        data-testid="payment-refund"
                      >
                        Refunded {refundAmountText(refund, booking.currency)} on{' '}
                        {formatOrdinalDate(sydneyDate(refund.refunded_at))}
                      </span>
                    ))}
                  </td>
                  <td className="py-2">{payment.reference ?? 'None'}</td>
                </tr>
              ))}
              {pending.map((notice) => (
                <tr key={notice.id} className="border-border border-b" data-testid="pending-payment">
                  <td className="py-2 pr-4">{formatOrdinalDate(notice.paid_on)}</td>
                  <td className="py-2 pr-4 tabular-nums">{money(notice.amount_cents, booking)}</td>
                  <td className="py-2">
                    <span className="font-semibold">Pending</span>: you told us about this transfer; we
                    confirm it when it reaches our account.
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
