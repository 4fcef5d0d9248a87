import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import * as z from 'zod';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatPrice } from '../../../lib/format/currency';
import { ruleString } from '../../../lib/forms/rule-schema';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormField } from '../ui/FormField';
import { priceText } from './event-rules';
import { roomLabelProblem, roomSupplementProblem, supplementCents } from './room-option-rules';
import {
  addRoomOption,
  fetchRoomOptions,
  removeRoomOption,
  updateRoomOption,
  type RoomOption,
  type RoomSaveOutcome,
} from './room-options.data';

const roomSchema = z.object({
  label: ruleString(roomLabelProblem),
  supplement: ruleString(roomSupplementProblem),
});
type RoomForm = z.infer<typeof roomSchema>;

/**
 * The room options of a departure (decision 0077), below its form: each traveller chooses one when booking
 * and pays its supplement on top of the price. Each option is saved on its own, at once.
 */
export function EventRoomOptions({ eventId, currency }: { eventId: string; currency: string }) {
  const queryKey = ['admin', 'events', 'rooms', eventId];
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey, queryFn: () => fetchRoomOptions(eventId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const list = options.data ?? [];

  return (
    <section aria-labelledby="room-options-heading" className="grid max-w-3xl gap-4">
      <div>
        <h3 id="room-options-heading" className="text-lg font-semibold">
          Room options
        </h3>
        <p className="text-muted-foreground text-sm">
          Each traveller chooses one when booking, and its supplement is added to their price. With no room
          options, travellers book without choosing.
        </p>
      </div>
      {options.isPending ? (
        <p role="status">Loading the room options…</p>
      ) : options.isError ? (
        <p role="alert" className="text-destructive">
          We could not load the room options. Please refresh the page to try again.
        </p>
      ) : (
        <>
          {list.length > 0 && (
            <ul className="grid gap-3">
              {list.map((option) => (
                <li key={`${option.id}-${option.label}-${option.supplement_cents}`}>
                  <RoomOptionRow option={option} currency={currency} onChanged={refresh} />
                </li>
              ))}
            </ul>
          )}
          <RoomOptionForm
            name="New room option"
            currency={currency}
            initial={{ label: '', supplement: '' }}
            submitLabel="Add room option"
            resetAfterSave
            onSave={async (values) => {
              const outcome = await addRoomOption(eventId, {
                ...values,
                sort_order: Math.min(99, Math.max(-1, ...list.map((option) => option.sort_order)) + 1),
              });
              if (outcome.outcome === 'saved') await refresh();
              return outcome;
            }}
          />
        </>
      )}
    </section>
  );
}

function RoomOptionRow({
  option,
  currency,
  onChanged,
}: {
  option: RoomOption;
  currency: string;
  onChanged: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <RoomOptionForm
        name={`Room option ${option.label}`}
        currency={currency}
        initial={{ label: option.label, supplement: priceText(option.supplement_cents) }}
        submitLabel="Save"
        onSave={async (values) => {
          const outcome = await updateRoomOption(option.id, values);
          if (outcome.outcome === 'saved') await onChanged();
          return outcome;
        }}
        extra={
          <button type="button" className={buttonClass('outline')} onClick={() => setConfirming(true)}>
            Remove
          </button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={`Remove ${option.label}?`}
        message={`Travellers will no longer be able to choose ${option.label} (${formatPrice(option.supplement_cents, currency)} a person). Bookings already made keep it.`}
        confirmLabel="Remove room option"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await removeRoomOption(option.id);
            setConfirming(false);
            showToast({ title: 'Room option removed', description: option.label, variant: 'success' });
            await onChanged();
          } catch {
            showErrorToast();
          }
        }}
      />
    </>
  );
}

function RoomOptionForm({
  name,
  currency,
  initial,
  submitLabel,
  resetAfterSave = false,
  onSave,
  extra,
}: {
  name: string;
  currency: string;
  initial: RoomForm;
  submitLabel: string;
  resetAfterSave?: boolean;
  onSave: (values: { label: string; supplement_cents: number }) => Promise<RoomSaveOutcome>;
  extra?: React.ReactNode;
}) {
  const form = useForm<RoomForm>({ resolver: zodResolver(roomSchema), defaultValues: initial });
  async function save(values: RoomForm) {
    try {
      const label = values.label.trim();
      const outcome = await onSave({ label, supplement_cents: supplementCents(values.supplement) });
      if (outcome.outcome === 'refused') {
        showToast({ title: 'Not saved', description: outcome.message, variant: 'destructive' });
        return;
      }
      showToast({ title: 'Room option saved', description: label, variant: 'success' });
      if (resetAfterSave) form.reset(initial);
    } catch {
      showErrorToast();
    }
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={name}
        onSubmit={form.handleSubmit(save)}
        className="border-border grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_12rem_auto]"
      >
        <FormField<RoomForm> name="label" label="Room" required maxLength={60} />
        <FormField<RoomForm>
          name="supplement"
          label={`Supplement per traveller (${currency})`}
          inputMode="decimal"
          hint="0 or empty: no supplement."
        />
        <div className="flex gap-2 sm:pt-6">
          <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : submitLabel}
          </button>
          {extra}
        </div>
      </form>
    </FormProvider>
  );
}
