import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { AutopaySection } from './AutopaySection';
import { BankTransferDetails } from './BankTransferDetails';
import { BookingState } from './BookingState';
import { sydneyToday } from '../../lib/format/today';
import { BookingStatusNote } from './BookingStatusNote';
import { CardReturnNote } from './CardReturnNote';
import { PayByCard } from './PayByCard';
import {
  bookingMoney,
  money as format,
  overduePayment,
  pendingNotices,
  schedule,
  type InstalmentLine,
  type MemberBooking,
} from './bookings';
import { MoneyFigures } from './MoneyFigures';
import { OverdueNotice } from './StatusBadge';
import { ProgressBar } from './ProgressBar';
import { RemindersSent } from './RemindersSent';
import { useBookingFromLocation } from './useBooking';

/** /manage-payment-plan?booking=<id>: the schedule, what is next, what remains, and how to pay. */
export function PaymentPlan() {
  const query = useBookingFromLocation();
  return <BookingState query={query}>{(booking) => <Plan booking={booking} />}</BookingState>;
}

function Plan({ booking }: { booking: MemberBooking }) {
  // Due dates are the company's (Sydney's) calendar days, as on the dashboard.
  const today = sydneyToday();
  const money = bookingMoney(booking);
  const plan = schedule(booking, today);
  const late = overduePayment(booking, today);
  const pending = pendingNotices(booking);
  const title = booking.event?.title ?? 'your booking';
  const cents = (amount: number) => format(amount, booking);
  const query = `?booking=${encodeURIComponent(booking.id)}`;
  return (
    <div className="space-y-6">
      <CardReturnNote bookingId={booking.id} />
      <section aria-labelledby="plan-summary" className="border-border bg-card rounded-lg border p-5">
        <h2 id="plan-summary" className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">Invoice {booking.invoice_number}</p>
        {late && <OverdueNotice overdue={late} className="mt-3" />}
        <div className="mt-3">
          <BookingStatusNote booking={booking} />
        </div>
        <div className="mt-4">
          <MoneyFigures money={money} currency={booking.currency} />
        </div>
        <div className="mt-4">
          <ProgressBar
            percent={money.percent}
            label="Payment progress"
            valueText={`${money.percent}% paid: ${cents(money.paidCents)} of ${cents(money.totalCents)}`}
          />
        </div>
        <p className="mt-4" data-testid="next-payment">
          {plan.next
            ? `Next payment: ${cents(plan.next.amount_cents - plan.next.coveredCents)} due ${formatOrdinalDate(plan.next.due_date)}` +
              (plan.next.state === 'overdue' ? ' (overdue)' : '') +
              (plan.later.length > 0
                ? `, then ${plan.later.length} more instalment${plan.later.length === 1 ? '' : 's'}.`
                : '. This is the last instalment.')
            : plan.installments.length > 0
              ? 'All instalments are paid. Thank you!'
              : 'Your payment schedule is being prepared. We will be in touch.'}
        </p>
        {pending.length > 0 && (
          <ul className="mt-3 space-y-1 text-sm" aria-label="Payments you told us about">
            {pending.map((notice) => (
              <li key={notice.id} data-testid="pending-payment">
                <span className="font-semibold">Pending</span>: {cents(notice.amount_cents)} you paid on{' '}
                {formatOrdinalDate(notice.paid_on)}. We confirm it when it reaches our account.
              </li>
            ))}
          </ul>
        )}
      </section>
      {plan.installments.length > 0 && (
        <ScheduleTable installments={plan.installments} nextId={plan.next?.id} format={cents} />
      )}
      <RemindersSent booking={booking} />
      {money.remainingCents > 0 && booking.status !== 'cancelled' && (
        <>
          <CardChoices
            booking={booking}
            nextCents={plan.next ? plan.next.amount_cents - plan.next.coveredCents : 0}
          />
          {booking.status === 'confirmed' && <AutopaySection bookingId={booking.id} format={cents} />}
          <BankDetails reference={booking.bank_reference} />
          <p>
            <a href={`/extra-payment${query}`} className={buttonClass('outline')}>
              Tell us about a payment
            </a>
          </p>
        </>
      )}
    </div>
  );
}

/** An instalment's state in words: paid (on the day its last cent arrived), overdue, or due (part paid). */
function stateText(line: InstalmentLine, format: (cents: number) => string): string {
  if (line.state === 'paid') return line.paidOn ? `Paid on ${formatOrdinalDate(line.paidOn)}` : 'Paid';
  const part = line.coveredCents > 0 ? ` (${format(line.coveredCents)} paid)` : '';
  return (line.state === 'overdue' ? 'Overdue' : 'Due') + part;
}

function ScheduleTable({
  installments,
  nextId,
  format,
}: {
  installments: InstalmentLine[];
  nextId: string | undefined;
  format: (cents: number) => string;
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
                <td className="py-2 pr-4 tabular-nums">{format(installment.amount_cents)}</td>
                <td
                  className={installment.state === 'overdue' ? 'text-destructive py-2 font-semibold' : 'py-2'}
                >
                  {stateText(installment, format)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Paying by card (decision 0087), when the company takes cards: a pending booking's deposit, else the next
 * instalment and, when more is left, the whole balance. The amounts shown are the schedule's; the payment's
 * own is computed again by the database from the ledger.
 */
function CardChoices({ booking, nextCents }: { booking: MemberBooking; nextCents: number }) {
  const left = bookingMoney(booking).remainingCents;
  const cents = (amount: number) => format(amount, booking);
  const ask = (purpose: 'deposit' | 'instalment' | 'balance') =>
    ({ bookingId: booking.id, purpose, returnTo: '/manage-payment-plan' }) as const;
  if (booking.status === 'pending')
    return <PayByCard ask={ask('deposit')} label={`Pay the deposit by card`} offerAutopay />;
  return (
    <div className="flex flex-wrap gap-x-4">
      {nextCents > 0 && nextCents < left && (
        <PayByCard
          ask={ask('instalment')}
          label={`Pay the next instalment (${cents(nextCents)}) by card`}
          amountCents={nextCents}
          currency={booking.currency}
        />
      )}
      <PayByCard
        ask={ask('balance')}
        hint={nextCents <= 0 || nextCents >= left}
        label={`Pay the whole balance (${cents(left)}) by card`}
        amountCents={left}
        currency={booking.currency}
      />
    </div>
  );
}

function BankDetails({ reference }: { reference: string | null }) {
  return (
    <section aria-labelledby="pay-title" className="border-border bg-card rounded-lg border p-5">
      <h2 id="pay-title" className="text-xl font-semibold">
        How to pay by bank transfer
      </h2>
      <BankTransferDetails reference={reference} />
    </section>
  );
}
