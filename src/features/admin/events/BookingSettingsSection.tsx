import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatAudCents } from '../../../lib/format/currency';
import { listPlanChoices } from '../payment-plans/payment-plans.data';
import { describePlan } from '../payment-plans/plan-rules';
import { FormField } from '../ui/FormField';
import type { EventForm } from './event-form';
import { COMPANY_DEPOSIT_CENTS, GST_TREATMENTS, PRIORITY_DAYS_MAX } from './event-rules';
import { SelectField } from './SelectField';

/** The standard plan's words: the balance in `parts` parts, the last on the final due day. */
function standardPlan(parts: number): string {
  return parts <= 1
    ? 'Standard: the balance in one payment, 90 days before departure'
    : `Standard: the balance in ${parts} payments, the last 90 days before departure`;
}

/**
 * The events form's 'Bookings' section (decision 0076): the deposit, the payment plan, a limited release for
 * Next Room members and GST. Its fields are the form's own (event-form.ts), each checked by its rule in
 * event-rules.ts; the plans come from /admin/payment-plans.
 */
export function BookingSettingsSection({ standardParts = 1 }: { standardParts?: number | undefined }) {
  const id = useId();
  const { register } = useFormContext<EventForm>();
  const limited = useWatch<EventForm, 'limited'>({ name: 'limited' });
  const gst = useWatch<EventForm, 'gst_treatment'>({ name: 'gst_treatment' });
  const planId = useWatch<EventForm, 'payment_plan_id'>({ name: 'payment_plan_id' });
  const plans = useQuery({
    queryKey: ['admin', 'payment-plans', 'choices'],
    queryFn: () => listPlanChoices(),
  });
  const chosen = plans.data?.find((plan) => plan.id === planId);
  const planHint = chosen
    ? `${describePlan(chosen)}. Every instalment is due by 90 days before departure; someone booking later pays everything at once.`
    : plans.isError
      ? 'We could not load the payment plans. Please refresh the page to try again.'
      : 'The deposit is due when booking. Someone booking within 90 days of departure pays everything at once.';

  return (
    <fieldset className="border-border grid gap-5 rounded-lg border p-4" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="px-1 text-base font-semibold">
        Bookings
      </legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField<EventForm>
          name="deposit"
          label="Deposit per person"
          inputMode="decimal"
          hint={`Non-refundable, due when booking, in the event's currency. Empty: the company's deposit of ${formatAudCents(COMPANY_DEPOSIT_CENTS)}.`}
        />
        <SelectField<EventForm> name="payment_plan_id" label="Payment plan" hint={planHint}>
          <option value="">{standardPlan(standardParts)}</option>
          {/* A plan deleted since the form opened still shows until another is chosen. */}
          {planId && plans.data && !chosen && <option value={planId}>The plan saved with this event</option>}
          {plans.data?.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-xs">
        <Link to="/admin/payment-plans" className="text-primary underline">
          Manage payment plans
        </Link>
      </p>
      <div className="grid gap-3">
        <div>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" aria-describedby={`${id}-limited-hint`} {...register('limited')} />
            Limited release: Next Room members book first
          </label>
          <p id={`${id}-limited-hint`} className="text-muted-foreground mt-1 text-xs">
            Next Room members (those who have travelled with us) may book a set number of days before bookings
            open to everyone. Needs the day bookings open, set above.
          </p>
        </div>
        {limited && (
          <div className="sm:max-w-xs">
            <FormField<EventForm>
              name="priority_days"
              label="Days early for Next Room members"
              inputMode="numeric"
              required
              hint={`From 1 to ${PRIORITY_DAYS_MAX} days before bookings open.`}
            />
          </div>
        )}
      </div>
      <SelectField<EventForm>
        name="gst_treatment"
        label="GST"
        hint={GST_TREATMENTS.find((treatment) => treatment.value === gst)?.rule}
      >
        {GST_TREATMENTS.map((treatment) => (
          <option key={treatment.value} value={treatment.value}>
            {treatment.label}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
