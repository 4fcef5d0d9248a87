import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { sydneyDate } from '../../lib/format/dates';
import { sydneyToday } from '../../lib/format/today';
import { formRules } from '../../lib/forms/form-rules';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { DataError } from '../../lib/supabase/data';
import { showErrorToast, showToast } from '../../stores/toasts';
import {
  amountCents,
  noticeAmountProblem,
  noticeDayProblem,
  noticeNoteProblem,
  NOTICE_NOTE_MAX,
} from './booking-rules';
import { bookingMoney, money, pendingNotices, type MemberBooking } from './bookings';
import { sendPaymentNotice } from './bookings.data';
import { BookingState } from './BookingState';
import { CardReturnNote } from './CardReturnNote';
import { PayByCard, useCardPaymentsEnabled } from './PayByCard';
import { PendingNotices } from './PendingNotices';
import { useBookingFromLocation } from './useBooking';

/**
 * /extra-payment?booking=<id>: the member tells us about a bank transfer toward their booking. It is not a
 * payment: the booking's figures move when we record the money, and meanwhile the notice shows as Pending.
 */
export function ExtraPayment() {
  const query = useBookingFromLocation();
  return <BookingState query={query}>{(booking) => <NoticeForm booking={booking} />}</BookingState>;
}

function NoticeForm({ booking }: { booking: MemberBooking }) {
  const today = sydneyToday();
  const bookedOn = sydneyDate(booking.created_at);
  const left = bookingMoney(booking).remainingCents;
  const format = (cents: number) => money(cents, booking);
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const rules = formRules<'amount' | 'paid_on' | 'note'>({
    amount: (value) => noticeAmountProblem(value, left, format),
    paid_on: (value) => noticeDayProblem(value, bookedOn, today),
    note: noticeNoteProblem,
  });
  const { field, submitting, handleSubmit } = useSubmitForm({
    rules,
    empty: { amount: '', paid_on: today, note: '' },
    send: async ({ amount, paid_on, note }) => {
      try {
        await sendPaymentNotice(booking.id, {
          amount_cents: amountCents(amount)!,
          paid_on: paid_on.trim(),
          note: note.trim() || null,
        });
      } catch (error) {
        if (error instanceof DataError && error.code === '22023')
          showToast({
            title: 'We could not take this payment',
            description: error.message,
            variant: 'destructive',
          });
        else showErrorToast();
        return false;
      }
      showToast({
        title: 'Thank you',
        description: 'We will confirm the payment when it reaches our account.',
        variant: 'success',
      });
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: ['booking', booking.id] });
      return true;
    },
  });
  const back = `?booking=${encodeURIComponent(booking.id)}`;
  const title = booking.event?.title ?? 'your booking';
  if (booking.status === 'cancelled' || left <= 0)
    return (
      <div className="border-border rounded-lg border p-6">
        <p>
          {booking.status === 'cancelled'
            ? 'This booking is cancelled.'
            : 'This booking is paid in full. Thank you!'}
        </p>
        <a href={`/manage-booking${back}`} className={buttonClass('outline', 'md', 'mt-4')}>
          Back to your booking
        </a>
      </div>
    );
  const pending = pendingNotices(booking);
  return (
    <div className="space-y-6">
      <CardReturnNote bookingId={booking.id} />
      <CardAmount booking={booking} left={left} format={format} />
      <section aria-labelledby="extra-payment-title" className="border-border bg-card rounded-lg border p-5">
        <h2 id="extra-payment-title" className="text-xl font-semibold">
          Tell us about a payment for {title}
        </h2>
        <p className="text-muted-foreground mt-1 text-sm">
          Made a bank transfer toward invoice {booking.invoice_number}? Let us know and we will look out for
          it. Left to pay: <span className="font-semibold">{format(left)}</span>.
        </p>
        {sent && (
          <p role="status" className="mt-3 font-medium">
            Thank you. Your payment shows as Pending until we confirm it.
          </p>
        )}
        <form noValidate onSubmit={handleSubmit} className="mt-4 max-w-md space-y-4">
          <Field id="notice-amount" label="Amount paid" required {...field('amount')} />
          <Field id="notice-paid-on" label="The day you paid" type="date" required {...field('paid_on')} />
          <Field
            id="notice-note"
            label="Note (optional)"
            rows={3}
            maxLength={NOTICE_NOTE_MAX}
            {...field('note')}
          />
          <SubmitButton submitting={submitting} busyLabel="Sending...">
            Send
          </SubmitButton>
        </form>
      </section>
      {pending.length > 0 && <PendingNotices bookingId={booking.id} pending={pending} format={format} />}
      <div className="flex flex-wrap gap-2">
        <a href={`/manage-payment-plan${back}`} className={buttonClass('outline')}>
          View payment plan
        </a>
        <a href={`/manage-booking${back}`} className={buttonClass('outline')}>
          Back to your booking
        </a>
      </div>
    </div>
  );
}

/**
 * Paying an amount of the member's choosing by card (decision 0087), when the company takes cards: the
 * amount is checked here for a quick answer and again by the database, which refuses more than is left.
 */
function CardAmount({
  booking,
  left,
  format,
}: {
  booking: MemberBooking;
  left: number;
  format: (cents: number) => string;
}) {
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!useCardPaymentsEnabled()) return null;
  const card = (
    <PayByCard
      label="Pay this amount by card"
      ask={() => {
        const found = noticeAmountProblem(amount, left, format);
        setProblem(found ?? null);
        return found
          ? null
          : {
              bookingId: booking.id,
              purpose: 'extra',
              amountCents: amountCents(amount)!,
              returnTo: '/extra-payment',
            };
      }}
    />
  );
  return (
    <section aria-labelledby="card-amount-title" className="border-border bg-card rounded-lg border p-5">
      <h2 id="card-amount-title" className="text-xl font-semibold">
        Pay an amount by card
      </h2>
      <div className="mt-4 max-w-md">
        <label htmlFor="card-amount" className="block text-sm font-medium">
          Amount
        </label>
        <input
          id="card-amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'card-amount-problem' : undefined}
          className="border-input mt-1 h-11 w-full rounded-md border px-3"
        />
        {problem && (
          <p id="card-amount-problem" role="alert" className="text-destructive mt-1 text-sm">
            {problem}
          </p>
        )}
        {card}
      </div>
    </section>
  );
}
