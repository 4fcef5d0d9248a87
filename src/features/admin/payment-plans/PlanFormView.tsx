import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { SelectField } from '../events/SelectField';
import { FormField } from '../ui/FormField';
import { createPlan, updatePlan } from './payment-plans.data';
import { completePlan, planFormSchema, toPlanValues, type PlanForm } from './plan-form';
import { PLAN_DATES_MAX, PLAN_KINDS, PLAN_PARTS_MAX, SPACING_UNITS } from './plan-rules';
import { PlanPreview } from './PlanPreview';

/** A plan template's fields, checked by plan-rules.ts before anything is sent, with the database's preview. */
export function PlanFormView({ id, initial }: { id: string | undefined; initial: PlanForm }) {
  const fieldId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<PlanForm>({ resolver: zodResolver(planFormSchema), defaultValues: initial });
  const dates = useFieldArray({ control: form.control, name: 'due_dates' });
  const values = useWatch({ control: form.control }) as PlanForm;
  const kind = values.kind;
  const errors = form.formState.errors;
  const datesError = errors.due_dates?.root?.message ?? errors.due_dates?.message;

  async function save(plan: PlanForm) {
    try {
      const result = id ? await updatePlan(id, toPlanValues(plan)) : await createPlan(toPlanValues(plan));
      if (result.outcome === 'refused') {
        showToast({ title: 'Not saved', description: result.message, variant: 'destructive' });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'payment-plans'] });
      showToast({
        title: id ? 'Plan saved' : 'Plan created',
        description: `${plan.name.trim()} can be chosen in an event's booking settings.`,
        variant: 'success',
      });
      await navigate({ to: '/admin/payment-plans' });
    } catch {
      showErrorToast();
    }
  }

  return (
    <div className="grid max-w-3xl gap-6">
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(save)} className="grid gap-5">
          <FormField<PlanForm>
            name="name"
            label="Name"
            required
            maxLength={80}
            hint="What admins see when choosing a plan for a departure, e.g. Three monthly instalments."
          />
          <SelectField<PlanForm>
            name="kind"
            label="How the balance is paid"
            hint={PLAN_KINDS.find((option) => option.value === kind)?.rule}
          >
            {PLAN_KINDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          {kind === 'fixed' ? (
            <fieldset
              className="space-y-2"
              aria-describedby={datesError ? `${fieldId}-dates-error` : undefined}
            >
              <legend className="text-sm font-medium">Instalment dates (up to {PLAN_DATES_MAX})</legend>
              <p className="text-muted-foreground text-xs">
                Dates already past when someone books are skipped and the balance is split over the rest.
              </p>
              {dates.fields.map((field, index) => (
                <div key={field.id} className="flex items-end gap-2">
                  <div className="grow">
                    <FormField<PlanForm>
                      name={`due_dates.${index}.day`}
                      label={`Instalment ${index + 1}`}
                      type="date"
                    />
                  </div>
                  {dates.fields.length > 1 && (
                    <button
                      type="button"
                      className={buttonClass('ghost', 'md')}
                      onClick={() => dates.remove(index)}
                    >
                      Remove<span className="sr-only"> instalment {index + 1}</span>
                    </button>
                  )}
                </div>
              ))}
              {dates.fields.length < PLAN_DATES_MAX && (
                <button
                  type="button"
                  className={buttonClass('outline', 'sm')}
                  onClick={() => dates.append({ day: '' })}
                >
                  Add a date
                </button>
              )}
              {datesError && (
                <p id={`${fieldId}-dates-error`} className="text-destructive text-sm">
                  {datesError}
                </p>
              )}
            </fieldset>
          ) : (
            <div className="grid gap-5 sm:grid-cols-3">
              <FormField<PlanForm>
                name="parts"
                label="Instalments"
                inputMode="numeric"
                hint={`How many payments the balance is split into, 1 to ${PLAN_PARTS_MAX}.`}
              />
              {values.parts?.trim() !== '1' && (
                <>
                  <FormField<PlanForm>
                    name="spacing"
                    label="Time between instalments"
                    inputMode="numeric"
                    hint="If there isn't time before the final due day, the instalments move closer together."
                  />
                  <SelectField<PlanForm> name="spacing_unit" label="Counted in">
                    {SPACING_UNITS.map((unit) => (
                      <option key={unit.value} value={unit.value}>
                        {unit.label}
                      </option>
                    ))}
                  </SelectField>
                </>
              )}
            </div>
          )}
          <div className="flex gap-2">
            <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : id ? 'Save changes' : 'Create plan'}
            </button>
          </div>
        </form>
      </FormProvider>
      <PlanPreview plan={completePlan(values)} />
    </div>
  );
}
