import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../stores/toasts';
import { AnswerField } from './AnswerField';
import { answersProblem, type Answers, type FormFieldDef } from './traveller-forms';
import { submitTravellerForm } from './traveller-forms.data';

/** A form's questions answered once: by the booking holder, or for one named traveller (`traveller`). */
export function AnswerSheet({
  formId,
  title,
  fields,
  initial,
  traveller,
  onClose,
}: {
  formId: string;
  title: string;
  fields: FormFieldDef[];
  initial: Answers | null;
  traveller?: { id: string; name: string } | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Answers>(initial ?? {});
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => submitTravellerForm(formId, answers, traveller?.id ?? null),
    onSuccess: () => {
      onClose();
      void queryClient.invalidateQueries({ queryKey: ['traveller-forms'] });
      showToast({
        title: 'Form sent',
        description: traveller
          ? `Thank you: "${title}" is filled in for ${traveller.name}.`
          : `Thank you: "${title}" is filled in.`,
        variant: 'success',
      });
    },
    onError: (error: { code?: string; message?: string }) => {
      if (['23514', '22023', '42501'].includes(error.code ?? '')) setProblem(error.message ?? null);
      else showErrorToast();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = answersProblem(fields, answers);
    setProblem(found);
    if (!found) send.mutate();
  }

  const prefix = traveller ? `${formId}-${traveller.id}` : formId;
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={submit}
      noValidate
      aria-label={traveller ? `${title} for ${traveller.name}` : title}
    >
      {fields.map((field) => (
        <AnswerField
          key={field.key}
          formId={prefix}
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
        <button type="button" className={buttonClass('outline', 'sm')} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
