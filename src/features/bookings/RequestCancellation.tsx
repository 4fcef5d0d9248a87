import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { ModalDialog } from '../../components/ui/ModalDialog';
import { formRules } from '../../lib/forms/form-rules';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { DataError } from '../../lib/supabase/data';
import { showErrorToast, showToast } from '../../stores/toasts';
import { cancellationReasonProblem, CANCELLATION_REASON_MAX } from './booking-rules';
import { cancellationTerms, money, type MemberBooking } from './bookings';
import { requestCancellation } from './bookings.data';

const RULES = formRules<'reason'>({ reason: cancellationReasonProblem });

/** What asking to cancel means under the terms, said before the request is sent. */
export function cancellationConsequences(booking: MemberBooking): string[] {
  const terms = cancellationTerms(booking);
  const deposit = money(terms.depositCents, booking);
  return [
    terms.keptCents >= terms.depositCents
      ? `Your deposit of ${deposit} is not refundable: we keep it.`
      : `Your deposit of ${deposit} is not refundable: we keep the ${money(terms.keptCents, booking)} of it you have paid.`,
    terms.beyondDepositCents > 0
      ? `Of the ${money(terms.beyondDepositCents, booking)} you paid after the deposit, we refund it or give you a credit toward another trip, as we decide under our terms.`
      : 'You have paid nothing after the deposit, so there is nothing more to refund or credit.',
    'Your places stay booked until we cancel the booking; then they are freed for other travellers.',
    'Sending this request does not cancel the booking by itself. We will contact you to confirm.',
  ];
}

/** 'Request cancellation' and its dialog: the consequences first, an optional reason, then the request. */
export function RequestCancellation({ booking }: { booking: MemberBooking }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { field, submitting, handleSubmit } = useSubmitForm({
    rules: RULES,
    empty: { reason: '' },
    send: async ({ reason }) => {
      try {
        await requestCancellation(booking.id, reason.trim() || null);
      } catch (error) {
        if (error instanceof DataError && error.code === '22023')
          showToast({
            title: 'We could not send your request',
            description: error.message,
            variant: 'destructive',
          });
        else showErrorToast();
        return false;
      }
      showToast({
        title: 'Cancellation requested',
        description: 'We have your request and will contact you to confirm the cancellation.',
        variant: 'success',
      });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['booking', booking.id] });
      return true;
    },
  });
  return (
    <>
      <button type="button" className={buttonClass('outline')} onClick={() => setOpen(true)}>
        Request cancellation
      </button>
      <ModalDialog open={open} title="Request cancellation" onClose={() => setOpen(false)}>
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <p>Before you send this, please read what cancelling means under our terms:</p>
          <ul className="list-disc space-y-2 pl-5 text-sm" data-testid="cancellation-terms">
            {cancellationConsequences(booking).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Field
            id="cancellation-reason"
            label="Reason (optional)"
            rows={3}
            maxLength={CANCELLATION_REASON_MAX}
            {...field('reason')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass('ghost')} onClick={() => setOpen(false)}>
              Keep my booking
            </button>
            <button type="submit" aria-disabled={submitting || undefined} className={buttonClass('primary')}>
              {submitting ? 'Sending...' : 'Send cancellation request'}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
