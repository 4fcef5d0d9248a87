import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import {
  amountCents,
  cancelFormSchema,
  money,
  refundableCents,
  settlement,
  type CancelForm,
} from './bookings';
import { cancelBooking, type BookingRecord } from './bookings.data';
import { refusalText } from './refusals';

/**
 * Cancels a booking and settles its money: the deposit received is kept (non-refundable under the terms);
 * of what was received beyond it the admin refunds some, credits some to the member and the rest is kept.
 * The places are freed at once. The database checks every figure again (cancel_booking).
 */
export function CancelBookingDialog({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: BookingRecord;
  onClose: () => void;
}) {
  const { booking } = record;
  const refundable = refundableCents(record.paid_cents, booking.deposit_cents);
  const currency = booking.currency;
  const queryClient = useQueryClient();
  const form = useForm<CancelForm>({
    resolver: zodResolver(cancelFormSchema(refundable, currency)),
    defaultValues: { refund: '0', credit: '0', reason: '' },
  });
  const typed = useWatch({ control: form.control });
  const [refusal, setRefusal] = useState<string | null>(null);
  const split = settlement(
    record.paid_cents,
    amountCents(typed.refund ?? '') ?? 0,
    amountCents(typed.credit ?? '') ?? 0,
  );
  const { isSubmitting } = form.formState;

  async function cancel(values: CancelForm) {
    setRefusal(null);
    try {
      await cancelBooking(booking.id, {
        refundCents: amountCents(values.refund) ?? 0,
        creditCents: amountCents(values.credit) ?? 0,
        reason: values.reason.trim(),
      });
      showToast({
        title: 'Booking cancelled',
        description: `${booking.invoice_number} is cancelled and its places are free.`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] });
      onClose();
    } catch (error) {
      setRefusal(refusalText(error, currency));
    }
  }

  return (
    <ModalDialog open={open} title={`Cancel booking ${booking.invoice_number}`} onClose={onClose}>
      <FormProvider {...form}>
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={(event) => void form.handleSubmit(cancel)(event)}
        >
          <p>
            Received so far: {money(record.paid_cents, currency)}. The deposit of{' '}
            {money(booking.deposit_cents, currency)} is non-refundable under the terms and is kept.{' '}
            {refundable > 0
              ? `Up to ${money(refundable, currency)} can be refunded or credited.`
              : 'Nothing was paid beyond the deposit, so there is nothing to refund or credit.'}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField<CancelForm> name="refund" label="Refund to the member ($)" inputMode="decimal" />
            <FormField<CancelForm> name="credit" label="Credit for a later booking ($)" inputMode="decimal" />
          </div>
          <FormField<CancelForm> name="reason" label="Reason" rows={3} required />
          <p className="text-sm" aria-live="polite">
            Kept {money(Math.max(split.kept, 0), currency)} · refunded {money(split.refund, currency)} ·
            credited {money(split.credit, currency)}
          </p>
          {refusal && (
            <p role="alert" className="text-destructive">
              {refusal}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className={buttonClass('outline')}
              onClick={onClose}
              disabled={isSubmitting}
            >
              Keep the booking
            </button>
            <button
              type="submit"
              className={buttonClass(
                'primary',
                'md',
                'bg-destructive text-background hover:bg-destructive/90',
              )}
              disabled={isSubmitting}
            >
              {isSubmitting ? 'Cancelling…' : 'Cancel booking'}
            </button>
          </div>
        </form>
      </FormProvider>
    </ModalDialog>
  );
}
