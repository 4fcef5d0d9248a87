import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { showErrorToast, showToast } from '../../stores/toasts';
import { AnswerField } from './AnswerField';
import {
  answerFromValue,
  answerRules,
  answersFromValues,
  answerValue,
  answerValues,
  type Answers,
  type FormFieldDef,
} from './traveller-forms';
import { submitTravellerForm } from './traveller-forms.data';

/**
 * A form's questions answered once: by the booking holder, or for one named traveller (`traveller`). The
 * questions are the admin's, so the rules are built per form; the answers are held as text (a yes/no as
 * 'yes' or 'no') and sent as the database keeps them. One message shows: the first question's in order,
 * or the database's refusal.
 */
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const rules = useMemo(() => answerRules(fields), [fields]);
  const { field, submitting, handleSubmit } = useSubmitForm({
    rules,
    empty: answerValues(fields, initial),
    send: async (values) => {
      try {
        await submitTravellerForm(formId, answersFromValues(fields, values), traveller?.id ?? null);
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        if (['23514', '22023', '42501'].includes(code ?? '')) setRefusal(message ?? null);
        else showErrorToast();
        return false;
      }
      onClose();
      void queryClient.invalidateQueries({ queryKey: ['traveller-forms'] });
      showToast({
        title: 'Form sent',
        description: traveller
          ? `Thank you: "${title}" is filled in for ${traveller.name}.`
          : `Thank you: "${title}" is filled in.`,
        variant: 'success',
      });
      return false; // the sheet is closed
    },
  });
  const problem = fields.map(({ key }) => field(key).error).find(Boolean) ?? refusal;

  const prefix = traveller ? `${formId}-${traveller.id}` : formId;
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        setRefusal(null);
        handleSubmit(event);
      }}
      noValidate
      aria-label={traveller ? `${title} for ${traveller.name}` : title}
    >
      {fields.map((question) => {
        const answer = field(question.key);
        return (
          <AnswerField
            key={question.key}
            formId={prefix}
            field={question}
            value={answerFromValue(question, answer.value ?? '')}
            onChange={(value) => answer.onChange(answerValue(value))}
          />
        );
      })}
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={submitting}>
          Send answers
        </button>
        <button type="button" className={buttonClass('outline', 'sm')} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
