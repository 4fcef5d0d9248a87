import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatDate } from '../../../lib/format/dates';
import { sydneyToday } from '../../../lib/format/today';
import { showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { amountCents, money, paymentFormSchema, type PaymentForm } from './bookings';
import { previewPayment, recordPayment, type BookingRecord, type PreviewRow } from './bookings.data';
import { refusalText } from './refusals';

/**
 * Records a bank transfer in two steps: Preview asks the database which instalments the amount pays (or why
 * it would be refused), then Record saves exactly that. Changing the amount or the day asks again.
 */
export function RecordPaymentForm({ record }: { record: BookingRecord }) {
  const { booking } = record;
  const today = sydneyToday();
  const queryClient = useQueryClient();
  const form = useForm<PaymentForm>({
    resolver: zodResolver(paymentFormSchema(today)),
    defaultValues: { amount: '', received_on: today, reference: '' },
  });
  const [preview, setPreview] = useState<{ key: string; rows: PreviewRow[] } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const typed = useWatch({ control: form.control });
  const key = `${typed.amount ?? ''}|${typed.received_on ?? ''}`;
  const shown = preview?.key === key ? preview.rows : null;
  const cents = amountCents(typed.amount ?? '') ?? 0;
  const confirms =
    booking.status === 'pending' &&
    record.paid_cents < booking.deposit_cents &&
    record.paid_cents + cents >= booking.deposit_cents;

  async function ask(values: PaymentForm) {
    setRefusal(null);
    try {
      const rows = await previewPayment(booking.id, amountCents(values.amount) ?? 0);
      setPreview({ key: `${values.amount}|${values.received_on}`, rows });
    } catch (error) {
      setPreview(null);
      setRefusal(refusalText(error, booking.currency));
    }
  }

  async function save() {
    const values = form.getValues();
    setSaving(true);
    setRefusal(null);
    try {
      await recordPayment(booking.id, {
        amountCents: amountCents(values.amount) ?? 0,
        receivedOn: values.received_on,
        reference: values.reference.trim(),
      });
      showToast({
        title: 'Transfer recorded',
        description: `${money(amountCents(values.amount) ?? 0, booking.currency)} toward ${booking.invoice_number}.`,
        variant: 'success',
      });
      form.reset({ amount: '', received_on: today, reference: '' });
      setPreview(null);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] });
    } catch (error) {
      setRefusal(refusalText(error, booking.currency));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(ask)(event)}>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField<PaymentForm> name="amount" label="Amount received ($)" inputMode="decimal" required />
          <FormField<PaymentForm> name="received_on" label="Received on" type="date" max={today} required />
          <FormField<PaymentForm>
            name="reference"
            label="Statement reference"
            {...(booking.bank_reference
              ? { hint: `The member was asked to quote ${booking.bank_reference}.` }
              : {})}
          />
        </div>
        <button type="submit" className={buttonClass('outline')}>
          Preview
        </button>
        {refusal && (
          <p role="alert" className="text-destructive">
            {refusal}
          </p>
        )}
        {shown && (
          <div className="space-y-3" aria-live="polite">
            <table className="w-full text-left text-sm">
              <caption className="text-left font-medium">What this transfer pays</caption>
              <thead>
                <tr>
                  <th scope="col" className="px-2 py-1">
                    Due
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Instalment
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Received before
                  </th>
                  <th scope="col" className="px-2 py-1">
                    This transfer
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Then
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.installment_id} className="border-border border-t">
                    <td className="px-2 py-1">{formatDate(row.due_date)}</td>
                    <td className="px-2 py-1">{money(row.amount_cents, booking.currency)}</td>
                    <td className="px-2 py-1">{money(row.covered_before_cents, booking.currency)}</td>
                    <td className="px-2 py-1">{money(row.covers_cents, booking.currency)}</td>
                    <td className="px-2 py-1">{row.paid_in_full ? 'Paid in full' : 'Part paid'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {confirms && <p>It covers the deposit: the booking will be confirmed.</p>}
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={saving}
              onClick={() => void save()}
            >
              {saving ? 'Recording…' : `Record ${money(cents, booking.currency)} transfer`}
            </button>
          </div>
        )}
      </form>
    </FormProvider>
  );
}
