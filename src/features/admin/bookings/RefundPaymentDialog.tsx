import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { formatDate } from '../../../lib/format/dates';
import { showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { amountCents, dollars, money } from './bookings';
import type { BookingPayment } from './bookings.data';
import { refundCardPayment } from './card-refunds.data';
import { refundFormSchema, refundLeftCents, REFUND_REASON_MAX, type RefundForm } from './card-refunds';
import { refusalText } from './refusals';
import { DialogActions } from '../../../components/ui/form/DialogActions';

/**
 * Refunds all or part of one card payment through Stripe, back to the card it came from (decision 0090): a
 * cancellation's refund or a goodwill amount. The amount starts at everything left to refund; the database
 * checks it again and Stripe makes it on the payment's PaymentIntent.
 */
export function RefundPaymentDialog({
  payment,
  currency,
  onClose,
}: {
  payment: BookingPayment | null;
  currency: string;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={payment !== null}
      title={payment ? `Refund the card payment of ${formatDate(payment.received_on)}` : 'Refund'}
      onClose={onClose}
    >
      {payment && <RefundForm key={payment.id} payment={payment} currency={currency} onClose={onClose} />}
    </ModalDialog>
  );
}

function RefundForm({
  payment,
  currency,
  onClose,
}: {
  payment: BookingPayment;
  currency: string;
  onClose: () => void;
}) {
  const left = refundLeftCents(payment);
  const queryClient = useQueryClient();
  const form = useForm<RefundForm>({
    resolver: zodResolver(refundFormSchema(left, currency)),
    defaultValues: { amount: dollars(left), reason: '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  async function refund(values: RefundForm) {
    setRefusal(null);
    const cents = amountCents(values.amount) ?? 0;
    try {
      const outcome = await refundCardPayment(payment.id, {
        amountCents: cents,
        reason: values.reason.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] });
      if (outcome.state === 'failed') {
        setRefusal(outcome.message);
        return;
      }
      showToast(
        outcome.state === 'made'
          ? {
              title: 'Refund made',
              description: `${money(cents, currency)} is on its way back to the member's card.`,
              variant: 'success',
            }
          : { title: 'Refund waiting for Stripe', description: outcome.message },
      );
      onClose();
    } catch (error) {
      setRefusal(refusalText(error, currency));
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void form.handleSubmit(refund)(event)}>
        <p>
          Paid by card: {money(payment.amount_cents, currency)}. Left to refund: {money(left, currency)}. The
          money goes back to the card it came from, usually within 5 to 10 business days.
        </p>
        <FormField<RefundForm> name="amount" label="Refund ($)" inputMode="decimal" required />
        <FormField<RefundForm>
          name="reason"
          label="Reason"
          rows={3}
          required
          hint={`For example, the trip was cancelled or a goodwill amount. At most ${REFUND_REASON_MAX} characters.`}
        />
        <DialogActions refusal={refusal} submitting={isSubmitting} onClose={onClose} busyLabel="Refunding…">
          Refund
        </DialogActions>
      </form>
    </FormProvider>
  );
}
