import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { normaliseTrackingNumber } from '../../../lib/rules/orders';
import { DataError } from '../../../lib/supabase/data';
import { showToast } from '../../../stores/toasts';
import { amountCents } from '../bookings/bookings';
import { FormField } from '../ui/FormField';
import { actionLabel, money, stepFormSchema, type OrderAction, type StepForm } from './orders';
import {
  markOrderCollected,
  markOrderPacked,
  markOrderPaid,
  markOrderShipped,
  type OrderRecord,
} from './orders.data';
import { DialogActions } from '../../../components/ui/form/DialogActions';

/** What each step tells the admin before it is taken, and the toast after. */
function wording(action: OrderAction, record: OrderRecord): { message: string; done: string } {
  const { order } = record;
  const who = record.buyer.email ?? 'the buyer';
  switch (action) {
    case 'paid':
      return {
        message: `Record that the bank transfer for order ${order.number} arrived: the whole ${money(order.total_cents, order.currency)}, with ${order.number} as its reference. ${who} is e-mailed the confirmation and tax invoice.`,
        done: `Order ${order.number} is paid; the confirmation is on its way to ${who}.`,
      };
    case 'packed':
      return order.delivery === 'pickup'
        ? {
            message: `Order ${order.number} is ready on the counter. ${who} is e-mailed that it is ready for pickup.`,
            done: `Order ${order.number} is ready for pickup; ${who} is told.`,
          }
        : {
            message: `Order ${order.number} is packed. ${who} is e-mailed that it goes in the post soon.`,
            done: `Order ${order.number} is packed; ${who} is told.`,
          };
    case 'shipped':
      return {
        message: `Order ${order.number} is in the post. ${who} is e-mailed its tracking number.`,
        done: `Order ${order.number} is shipped; the tracking number is on its way to ${who}.`,
      };
    case 'collected':
      return {
        message: `The buyer took order ${order.number} with them. Nothing is e-mailed.`,
        done: `Order ${order.number} is collected.`,
      };
  }
}

/**
 * One step of an order (decision 0094), asked for in a modal dialog that traps focus and closes on Escape:
 * marking paid asks the amount received, shipping the tracking number and carrier; packing and collecting
 * only confirm. The database refuses a step out of turn in its own words, shown in the dialog.
 */
export function OrderStepDialog({
  action,
  record,
  onClose,
}: {
  action: OrderAction | null;
  record: OrderRecord;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={action !== null}
      title={action ? `${actionLabel(action, record.order.delivery)}: order ${record.order.number}` : ''}
      onClose={onClose}
    >
      {action && <StepForm key={action} action={action} record={record} onClose={onClose} />}
    </ModalDialog>
  );
}

function StepForm({
  action,
  record,
  onClose,
}: {
  action: OrderAction;
  record: OrderRecord;
  onClose: () => void;
}) {
  const { order } = record;
  const queryClient = useQueryClient();
  const form = useForm<StepForm>({
    resolver: zodResolver(stepFormSchema(action, order.total_cents, order.currency)),
    defaultValues: { amount: '', tracking: '', carrier: '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { isSubmitting } = form.formState;
  const words = wording(action, record);

  async function take(values: StepForm) {
    setRefusal(null);
    try {
      if (action === 'paid') await markOrderPaid(order.id, amountCents(values.amount) ?? 0);
      else if (action === 'packed') await markOrderPacked(order.id);
      else if (action === 'collected') await markOrderCollected(order.id);
      else
        await markOrderShipped(order.id, {
          trackingNumber: normaliseTrackingNumber(values.tracking),
          carrier: values.carrier.trim() || null,
        });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      showToast({ title: 'Saved', description: words.done, variant: 'success' });
      onClose();
    } catch (error) {
      setRefusal(error instanceof DataError ? error.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void form.handleSubmit(take)(event)}>
        <p>{words.message}</p>
        {action === 'paid' && (
          <FormField<StepForm>
            name="amount"
            label="Amount received ($)"
            inputMode="decimal"
            autoComplete="off"
            required
            hint={`The order's total: ${money(order.total_cents, order.currency)}.`}
          />
        )}
        {action === 'shipped' && (
          <>
            <FormField<StepForm>
              name="tracking"
              label="Tracking number"
              autoComplete="off"
              required
              hint="As the label prints it; spaces are taken out."
            />
            <FormField<StepForm>
              name="carrier"
              label="Carrier"
              autoComplete="off"
              hint="Optional: Australia Post, Sendle, …"
            />
          </>
        )}
        <DialogActions
          refusal={refusal}
          submitting={isSubmitting}
          onClose={onClose}
          closeLabel="Not now"
          busyLabel="Saving…"
        >
          {actionLabel(action, order.delivery)}
        </DialogActions>
      </form>
    </FormProvider>
  );
}
