import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { fieldsFromDrafts, MAX_FIELDS, type FieldDraft } from '../../traveller-forms/traveller-forms';
import { controlClass } from './field-styles';
import { FieldDraftRow } from './FieldDraftRow';
import { createTravellerForm, fetchFormEvents } from './forms-builder.data';

const EMPTY_FIELD: FieldDraft = { label: '', kind: 'text', required: true, options: '' };

/** Builds a new form: event, title, due date and its questions; the database checks them all again. */
export function NewFormSection({ onCreated }: { onCreated: (id: string) => void }) {
  const queryClient = useQueryClient();
  const events = useQuery({ queryKey: ['admin', 'forms', 'events'], queryFn: fetchFormEvents });
  const [eventId, setEventId] = useState('');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [drafts, setDrafts] = useState<FieldDraft[]>([{ ...EMPTY_FIELD }]);
  const [problem, setProblem] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: createTravellerForm,
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'forms', 'list'] });
      showToast({
        title: 'Form created',
        description: `"${title.trim()}" is on its travellers' dashboards.`,
        variant: 'success',
      });
      setTitle('');
      setDueDate('');
      setDrafts([{ ...EMPTY_FIELD }]);
      onCreated(id);
    },
    onError: (error: { code?: string; message?: string }) => {
      if (error.code === '23514' && error.message) setProblem(error.message);
      else showErrorToast();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const built = fieldsFromDrafts(drafts);
    const found = !eventId
      ? 'Choose the event.'
      : !title.trim() || title.trim().length > 120
        ? 'Give the form a title (1 to 120 characters).'
        : !dueDate
          ? 'Choose the due date.'
          : 'problem' in built
            ? built.problem
            : null;
    setProblem(found);
    if (found || 'problem' in built) return;
    create.mutate({ event_id: eventId, title: title.trim(), due_date: dueDate, fields: built.fields });
  }

  return (
    <section aria-labelledby="new-form-title" className="border-border space-y-4 rounded-lg border p-4">
      <h3 id="new-form-title" className="text-lg font-semibold">
        New form
      </h3>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="form-event" className="text-sm font-medium">
              Event
            </label>
            <select
              id="form-event"
              className={controlClass}
              value={eventId}
              onChange={(e) => setEventId(e.target.value)}
            >
              <option value="">Choose an event</option>
              {(events.data ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                  {option.start_date ? ` (${option.start_date})` : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="form-title" className="text-sm font-medium">
              Title
            </label>
            <input
              id="form-title"
              className={controlClass}
              value={title}
              maxLength={120}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="form-due" className="text-sm font-medium">
              Due date
            </label>
            <input
              id="form-due"
              type="date"
              className={controlClass}
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
            />
          </div>
        </div>
        {drafts.map((draft, index) => (
          <FieldDraftRow
            key={index}
            index={index}
            draft={draft}
            onChange={(next) => setDrafts(drafts.map((old, i) => (i === index ? next : old)))}
            onRemove={drafts.length > 1 ? () => setDrafts(drafts.filter((_, i) => i !== index)) : undefined}
          />
        ))}
        {problem && (
          <p role="alert" className="text-destructive text-sm">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'md')}
            disabled={drafts.length >= MAX_FIELDS}
            onClick={() => setDrafts([...drafts, { ...EMPTY_FIELD }])}
          >
            Add a question
          </button>
          <button type="submit" className={buttonClass('primary', 'md')} disabled={create.isPending}>
            Create form
          </button>
        </div>
      </form>
    </section>
  );
}
