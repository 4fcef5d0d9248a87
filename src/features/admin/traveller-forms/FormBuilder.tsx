import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { ANSWERED_BY_LABELS, MAX_FIELDS, type AnsweredBy } from '../../traveller-forms/traveller-forms';
import { FormField } from '../ui/FormField';
import { SelectField } from '../events/SelectField';
import {
  EMPTY_QUESTION,
  formBuilderSchema,
  toFormValues,
  type FormBuilderValues,
} from './form-builder-schema';
import { FieldDraftRow } from './FieldDraftRow';
import { EventChoiceOptions } from '../events/EventChoiceOptions';
import { createTravellerForm, fetchFormEvents, updateTravellerForm } from './admin-traveller-forms.data';

/**
 * The form builder, for a new form and for changing one (`formId`): every field checked by its rule before
 * anything is sent; the database checks again and, for an answered form, names a change it refuses.
 */
export function FormBuilder({
  formId,
  eventTitle,
  initial,
  onSaved,
}: {
  formId?: string | undefined;
  /** Shown instead of the event list when changing a form (its event stays). */
  eventTitle?: string | undefined;
  initial: FormBuilderValues;
  onSaved: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const events = useQuery({
    queryKey: ['admin', 'forms', 'events'],
    queryFn: () => fetchFormEvents(),
    enabled: !formId,
  });
  const form = useForm<FormBuilderValues>({
    resolver: zodResolver(formBuilderSchema),
    defaultValues: initial,
  });
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const refusal = form.formState.errors.root?.message;

  async function save(values: FormBuilderValues) {
    const saved = toFormValues(values);
    try {
      const id = formId ?? (await createTravellerForm(saved));
      if (formId) await updateTravellerForm(formId, saved);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'forms'] });
      showToast({
        title: formId ? 'Form saved' : 'Form created',
        description: formId
          ? `"${saved.title}" is up to date.`
          : `"${saved.title}" is on its travellers' dashboards.`,
        variant: 'success',
      });
      if (!formId) form.reset(initial);
      onSaved(id);
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      if (code !== '23514' || !message) {
        showErrorToast();
        return;
      }
      form.setError('root', { message });
      showToast({ title: 'Not saved', description: message, variant: 'destructive' });
    }
  }

  return (
    <FormProvider {...form}>
      <form className="space-y-4" onSubmit={form.handleSubmit(save)} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          {formId ? (
            <p className="text-sm">
              <span className="font-medium">Event</span>
              <br />
              {eventTitle}
            </p>
          ) : (
            <SelectField<FormBuilderValues> name="event_id" label="Event" required>
              <option value="">Choose an event</option>
              <EventChoiceOptions choices={events.data} />
            </SelectField>
          )}
          <FormField<FormBuilderValues> name="title" label="Title" required maxLength={120} />
          <FormField<FormBuilderValues> name="due_date" label="Due date" type="date" required />
          <SelectField<FormBuilderValues> name="answered_by" label="Answered by">
            {(Object.keys(ANSWERED_BY_LABELS) as AnsweredBy[]).map((who) => (
              <option key={who} value={who}>
                {ANSWERED_BY_LABELS[who]}
              </option>
            ))}
          </SelectField>
        </div>
        {questions.fields.map((question, index) => (
          <FieldDraftRow
            key={question.id}
            index={index}
            onRemove={questions.fields.length > 1 ? () => questions.remove(index) : undefined}
          />
        ))}
        {refusal && (
          <p role="alert" className="text-destructive text-sm">
            {refusal}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'md')}
            disabled={questions.fields.length >= MAX_FIELDS}
            onClick={() => questions.append({ ...EMPTY_QUESTION, required: !formId })}
          >
            Add a question
          </button>
          <button
            type="submit"
            className={buttonClass('primary', 'md')}
            disabled={form.formState.isSubmitting}
          >
            {formId ? 'Save form' : 'Create form'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
