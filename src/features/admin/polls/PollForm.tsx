import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from '../../polls/poll-rules';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { createPoll, PollRefusedError } from '../../polls/polls.data';
import { EventChoiceOptions } from '../events/EventChoiceOptions';
import { fetchEventChoices } from '../events/events.data';
import { FormField } from '../ui/FormField';
import { EMPTY_POLL, pollFormSchema, toNewPoll, type PollFormValues } from './poll-form';

const control =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-foreground focus-visible:outline-3 focus-visible:outline-offset-1';

// A poll is for an event still to run, or one just completed (how was it?); not a cancelled one.
const fetchPollEvents = () => fetchEventChoices(['published', 'draft', 'completed']);

/**
 * The new-poll form (react-hook-form + zod, the rules of src/features/polls/poll-rules.ts): who it is for, the
 * question, 2–6 options (useFieldArray) and the closing time (the admin's clock). Errors show by their field.
 */
export function PollForm({ onCreated }: { onCreated: () => Promise<unknown> }) {
  const id = useId();
  const events = useQuery({ queryKey: ['admin', 'polls', 'events'], queryFn: fetchPollEvents });
  const form = useForm<PollFormValues>({ resolver: zodResolver(pollFormSchema), defaultValues: EMPTY_POLL });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const { errors, isSubmitting } = form.formState;
  const optionsError = errors.options?.root?.message ?? errors.options?.message;

  async function save(values: PollFormValues) {
    try {
      const poll = toNewPoll(values);
      await createPoll(poll);
      showToast({ title: 'Poll created', description: poll.question, variant: 'success' });
      form.reset(EMPTY_POLL);
      await onCreated();
    } catch (error) {
      // The database's own words, by the field they are about (a clock that ran past the closing time).
      if (error instanceof PollRefusedError)
        form.setError(/closing time/i.test(error.message) ? 'closes' : 'question', {
          message: error.message,
        });
      else showErrorToast();
    }
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit(save)}
        noValidate
        aria-labelledby={`${id}-title`}
        className="border-border space-y-4 rounded-lg border p-4"
      >
        <h3 id={`${id}-title`} className="text-xl font-semibold">
          New poll
        </h3>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-event`} className="text-sm font-medium">
            For
          </label>
          <select id={`${id}-event`} className={control} {...form.register('eventId')}>
            <option value="">All members</option>
            <EventChoiceOptions choices={events.data} />
          </select>
        </div>
        <FormField<PollFormValues> name="question" label="Question" required maxLength={400} />
        <fieldset className="space-y-2" aria-describedby={optionsError ? `${id}-options-error` : undefined}>
          <legend className="text-sm font-medium">
            Options ({POLL_OPTIONS_MIN} to {POLL_OPTIONS_MAX})
          </legend>
          {options.fields.map((field, index) => (
            <div key={field.id} className="flex items-end gap-2">
              <div className="grow">
                <FormField<PollFormValues> name={`options.${index}.text`} label={`Option ${index + 1}`} />
              </div>
              {options.fields.length > POLL_OPTIONS_MIN && (
                <button
                  type="button"
                  className={buttonClass('ghost', 'md')}
                  onClick={() => options.remove(index)}
                >
                  Remove<span className="sr-only"> option {index + 1}</span>
                </button>
              )}
            </div>
          ))}
          {options.fields.length < POLL_OPTIONS_MAX && (
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() => options.append({ text: '' })}
            >
              Add option
            </button>
          )}
          {optionsError && (
            <p id={`${id}-options-error`} className="text-destructive text-sm">
              {optionsError}
            </p>
          )}
        </fieldset>
        <FormField<PollFormValues> name="closes" label="Closes" type="datetime-local" required />
        <button type="submit" className={buttonClass('primary', 'md')} disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create poll'}
        </button>
      </form>
    </FormProvider>
  );
}
