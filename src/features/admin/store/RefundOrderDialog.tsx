import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { showToast } from '../../../stores/toasts';
import { amountCents, dollars } from '../bookings/bookings';
import { refusalText } from '../bookings/refusals';
import { FormField } from '../ui/FormField';
import { orderRefundFormSchema, orderRefundLeftCents, type OrderRefundForm } from './order-refunds';
import { refundOrder } from './order-refunds.data';
import { money } from './orders';
import type { OrderRecord } from './orders.data';
import { DialogActions } from '../../../components/ui/form/DialogActions';

/**
 * Refunds all or part of a store order (decision 0097), as the booking's card refund dialog does: the
 * amount starts at everything left, the method is how the order was paid (a card refund is made through
 * Stripe; a bank transfer refund is recorded as sent), and while the order is unshipped its items may go
 * back on the shelf. The database checks it all again and refuses in its own words, shown here.
 */
export function RefundOrderDialog({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: OrderRecord;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={open} title={`Refund order ${record.order.number}`} onClose={onClose}>
      {open && <RefundForm record={record} onClose={onClose} />}
    </ModalDialog>
  );
}

function RefundForm({ record, onClose }: { record: OrderRecord; onClose: () => void }) {
  const { order } = record;
  const currency = order.currency;
  const left = orderRefundLeftCents(order.total_cents, record.refunds);
  const unshipped = order.state === 'paid' || order.state === 'packed';
  const stockBack = record.refunds.some((refund) => refund.stock_returned);
  const queryClient = useQueryClient();
  const form = useForm<OrderRefundForm>({
    resolver: zodResolver(orderRefundFormSchema(left, currency)),
    defaultValues: { amount: dollars(left), reason: '', returnStock: false },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { isSubmitting } = form.formState;
  const card = order.pay_by === 'card';

  async function refund(values: OrderRefundForm) {
    setRefusal(null);
    const cents = amountCents(values.amount) ?? 0;
    try {
      const outcome = await refundOrder(order.id, {
        amountCents: cents,
        reason: values.reason.trim(),
        returnStock: unshipped && !stockBack && values.returnStock,
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      if (outcome.state === 'failed') {
        setRefusal(outcome.message);
        return;
      }
      showToast(
        outcome.state === 'made'
          ? {
              title: 'Refund made',
              description: card
                ? `${money(cents, currency)} is on its way back to the buyer's card.`
                : `${money(cents, currency)} is recorded as sent to the buyer's bank account.`,
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
          Paid {card ? 'by card' : 'by bank transfer'}: {money(order.total_cents, currency)}. Left to refund:{' '}
          {money(left, currency)}.{' '}
          {card
            ? 'The money goes back to the card through Stripe, usually within 5 to 10 business days.'
            : 'Send the money from the company bank account first: this records that it was sent.'}{' '}
          {record.buyer.email ?? 'The buyer'} is e-mailed when the refund is made.
        </p>
        <FormField<OrderRefundForm> name="amount" label="Refund ($)" inputMode="decimal" required />
        <FormField<OrderRefundForm>
          name="reason"
          label="Reason"
          rows={3}
          required
          hint="For example, an item arrived damaged or the buyer changed their mind."
        />
        {unshipped && !stockBack && (
          <label className="flex items-center gap-2">
            <input type="checkbox" {...form.register('returnStock')} />
            Put the items back in stock
          </label>
        )}
        <DialogActions refusal={refusal} submitting={isSubmitting} onClose={onClose} busyLabel="Refunding…">
          Refund
        </DialogActions>
      </form>
    </FormProvider>
  );
}
