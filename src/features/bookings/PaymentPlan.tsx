import { formatAudCents } from '../../lib/format/currency';
import { formatOrdinalDate, sydneyDate } from '../../lib/format/dates';
import { BookingState } from './BookingState';
import { sydneyToday } from '../../lib/format/today';
import { bookingMoney, overduePayment, schedule, type Installment, type MemberBooking } from './bookings';
import { MoneyFigures } from './MoneyFigures';
import { OverdueNotice } from './StatusBadge';
import { ProgressBar } from './ProgressBar';
import { useBookingFromLocation } from './useBooking';

export interface BankTransfer {
  accountName: string;
  bsb: string;
  accountNumber: string;
  referenceInstructions: string;
}

/** /manage-payment-plan?booking=<id>: the schedule, what is next, what remains, and how to pay. */
export function PaymentPlan({ bank }: { bank: BankTransfer }) {
  const query = useBookingFromLocation();
  return <BookingState query={query}>{(booking) => <Plan booking={booking} bank={bank} />}</BookingState>;
}

// The day a payment arrived, as the company counts days (Sydney's), like every date on the site.
const paidOn = (paidAt: string) => formatOrdinalDate(sydneyDate(paidAt));

function Plan({ booking, bank }: { booking: MemberBooking; bank: BankTransfer }) {
  // Due dates are the company's (Sydney's) calendar days, as on the dashboard.
  const today = sydneyToday();
  const money = bookingMoney(booking);
  const plan = schedule(booking.booking_installments, today);
  const late = overduePayment(booking, today);
  const title = booking.event?.title ?? 'your booking';
  const overdue = new Set(plan.overdue.map((installment) => installment.id));
  return (
    <div className="space-y-6">
      <section aria-labelledby="plan-summary" className="border-border bg-card rounded-lg border p-5">
        <h2 id="plan-summary" className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">Invoice {booking.invoice_number}</p>
        {late && <OverdueNotice overdue={late} className="mt-3" />}
        <div className="mt-4">
          <MoneyFigures money={money} />
        </div>
        <div className="mt-4">
          <ProgressBar
            percent={money.percent}
            label="Payment progress"
            valueText={`${money.percent}% paid: ${formatAudCents(money.paidCents)} of ${formatAudCents(money.totalCents)}`}
          />
        </div>
        <p className="mt-4" data-testid="next-payment">
          {plan.next
            ? `Next payment: ${formatAudCents(plan.next.amount_cents)} due ${formatOrdinalDate(plan.next.due_date)}` +
              (overdue.has(plan.next.id) ? ' (overdue)' : '') +
              (plan.later.length > 0
                ? `, then ${plan.later.length} more instalment${plan.later.length === 1 ? '' : 's'}.`
                : '. This is the last instalment.')
            : plan.installments.length > 0
              ? 'All instalments are paid. Thank you!'
              : 'Your payment schedule is being prepared. We will be in touch.'}
        </p>
      </section>
      {plan.installments.length > 0 && (
        <ScheduleTable installments={plan.installments} overdue={overdue} nextId={plan.next?.id} />
      )}
      {money.remainingCents > 0 && <BankDetails bank={bank} reference={booking.invoice_number} />}
    </div>
  );
}

function ScheduleTable({
  installments,
  overdue,
  nextId,
}: {
  installments: Installment[];
  overdue: Set<string>;
  nextId: string | undefined;
}) {
  return (
    <section aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="text-xl font-semibold">
        Instalment schedule
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-border border-b">
              <th scope="col" className="py-2 pr-4">
                Due date
              </th>
              <th scope="col" className="py-2 pr-4">
                Amount
              </th>
              <th scope="col" className="py-2">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {installments.map((installment) => (
              <tr
                key={installment.id}
                className="border-border border-b"
                aria-current={installment.id === nextId ? 'step' : undefined}
              >
                <td className="py-2 pr-4">{formatOrdinalDate(installment.due_date)}</td>
                <td className="py-2 pr-4 tabular-nums">{formatAudCents(installment.amount_cents)}</td>
                <td
                  className={
                    !installment.paid_at && overdue.has(installment.id)
                      ? 'text-destructive py-2 font-semibold'
                      : 'py-2'
                  }
                >
                  {installment.paid_at
                    ? `Paid on ${paidOn(installment.paid_at)}`
                    : overdue.has(installment.id)
                      ? 'Overdue'
                      : installment.id === nextId
                        ? 'Next'
                        : 'Upcoming'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function BankDetails({ bank, reference }: { bank: BankTransfer; reference: string }) {
  const rows = [
    ['Account name', bank.accountName],
    ['BSB', bank.bsb],
    ['Account number', bank.accountNumber],
    ['Reference', reference],
  ] as const;
  return (
    <section aria-labelledby="pay-title" className="border-border bg-card rounded-lg border p-5">
      <h2 id="pay-title" className="text-xl font-semibold">
        How to pay by bank transfer
      </h2>
      <p className="text-muted-foreground mt-1 text-sm">
        Online payment is coming soon. Until then, please pay by bank transfer.
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground text-sm">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm">{bank.referenceInstructions}</p>
    </section>
  );
}
