import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../stores/toasts';
import { AnswerField } from './AnswerField';
import { sydneyToday } from '../../lib/format/today';
import { answersProblem, dueLabel, taskStatus, type Answers } from './traveller-forms';
import { submitTravellerForm, type MyTravellerForm } from './traveller-forms.data';

/** One form as a task on the dashboard: its due date, whether it is done, and the form itself when opened. */
export function TravellerFormTask({ form }: { form: MyTravellerForm }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [answers, setAnswers] = useState<Answers>(form.answers ?? {});
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => submitTravellerForm(form.id, answers),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['traveller-forms'] });
      showToast({
        title: 'Form sent',
        description: `Thank you: "${form.title}" is filled in.`,
        variant: 'success',
      });
    },
    onError: (error: { code?: string; message?: string }) => {
      if (error.code === '23514' || error.code === '22023') setProblem(error.message ?? null);
      else showErrorToast();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = answersProblem(form.fields, answers);
    setProblem(found);
    if (!found) send.mutate();
  }

  const done = form.submitted_at !== null;
  return (
    <li
      className="border-border bg-card text-card-foreground rounded-lg border p-4"
      data-form-task={form.title}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-semibold">{form.title}</h3>
          <p className="text-muted-foreground text-sm">
            {form.event_title} · due {dueLabel(form.due_date)} · {taskStatus(form, sydneyToday())}
          </p>
        </div>
        {!open && (
          <button
            type="button"
            className={buttonClass(done ? 'outline' : 'primary', 'sm')}
            onClick={() => setOpen(true)}
          >
            {done ? `Change answers to ${form.title}` : `Fill in ${form.title}`}
          </button>
        )}
      </div>
      {open && (
        <form className="mt-4 space-y-3" onSubmit={submit} noValidate aria-label={form.title}>
          {form.fields.map((field) => (
            <AnswerField
              key={field.key}
              formId={form.id}
              field={field}
              value={answers[field.key]}
              onChange={(value) => setAnswers({ ...answers, [field.key]: value })}
            />
          ))}
          {problem && (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          )}
          <div className="flex gap-2">
            <button type="submit" className={buttonClass('primary', 'sm')} disabled={send.isPending}>
              Send answers
            </button>
            <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
