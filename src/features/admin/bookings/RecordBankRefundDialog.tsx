import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { formatDate } from '../../../lib/format/dates';
import { showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { amountCents, dollars, money } from './bookings';
import { recordBankRefund } from './bank-refunds.data';
import { BANK_REFUND_REFERENCE_MAX, bankRefundFormSchema, type BankRefundForm } from './bank-refunds';
import { refusalText } from './refusals';
import { DialogActions } from '../../../components/ui/form/DialogActions';

/** A bank transfer to pay back: which payment, when it arrived, and how much of it is left. */
export interface TransferToPayBack {
  paymentId: string;
  receivedOn: string;
  amountCents: number;
  leftCents: number;
}

/**
 * Records money the company paid back by bank transfer on one payment of a booking it cancelled (decision
 * 0096): the amount (all that is left, to start with) and the reference of the company's transfer. The
 * database checks both again and writes the refund in the ledger.
 */
export function RecordBankRefundDialog({
  transfer,
  currency,
  onClose,
}: {
  transfer: TransferToPayBack | null;
  currency: string;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={transfer !== null}
      title={transfer ? `Pay back the transfer of ${formatDate(transfer.receivedOn)}` : 'Pay back'}
      onClose={onClose}
    >
      {transfer && (
        <PayBackForm key={transfer.paymentId} transfer={transfer} currency={currency} onClose={onClose} />
      )}
    </ModalDialog>
  );
}

function PayBackForm({
  transfer,
  currency,
  onClose,
}: {
  transfer: TransferToPayBack;
  currency: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<BankRefundForm>({
    resolver: zodResolver(bankRefundFormSchema(transfer.leftCents, currency)),
    defaultValues: { amount: dollars(transfer.leftCents), reference: '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  async function record(values: BankRefundForm) {
    setRefusal(null);
    const cents = amountCents(values.amount) ?? 0;
    try {
      await recordBankRefund(transfer.paymentId, { amountCents: cents, reference: values.reference.trim() });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] });
      showToast({
        title: 'Refund recorded',
        description: `${money(cents, currency)} paid back by bank transfer.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      setRefusal(refusalText(error, currency));
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void form.handleSubmit(record)(event)}>
        <p>
          Received by bank transfer: {money(transfer.amountCents, currency)}. Left to pay back:{' '}
          {money(transfer.leftCents, currency)}. Make the transfer from the company's bank account first, then
          record it here.
        </p>
        <FormField<BankRefundForm> name="amount" label="Paid back ($)" inputMode="decimal" required />
        <FormField<BankRefundForm>
          name="reference"
          label="Reference of your transfer"
          required
          hint={`As your bank shows it. At most ${BANK_REFUND_REFERENCE_MAX} characters.`}
        />
        <DialogActions refusal={refusal} submitting={isSubmitting} onClose={onClose} busyLabel="Recording…">
          Record refund
        </DialogActions>
      </form>
    </FormProvider>
  );
}
