import * as z from 'zod';
import {
  choiceOptionsProblem,
  formTitleProblem,
  questionLabelProblem,
} from '../../traveller-forms/traveller-form-rules';
import {
  draftFromField,
  fieldsFromDrafts,
  MAX_FIELDS,
  type FieldDraft,
  type FormFieldDef,
} from '../../traveller-forms/traveller-forms';
import { ruleString } from '../../../lib/forms/rule-schema';
import type { AdminTravellerForm, TravellerFormValues } from './admin-traveller-forms.data';

const question = z
  .object({
    key: z.string().optional(),
    label: ruleString(questionLabelProblem),
    kind: z.enum(['text', 'choice', 'date', 'yes_no']),
    required: z.boolean(),
    options: z.string(),
  })
  .superRefine((draft, context) => {
    const problem = draft.kind === 'choice' ? choiceOptionsProblem(draft.options) : undefined;
    if (problem) context.addIssue({ code: 'custom', path: ['options'], message: problem });
  });

/** The builder's schema: each field through its rule in src/features/traveller-forms/traveller-form-rules.ts. */
export const formBuilderSchema = z.object({
  event_id: z.string().min(1, 'Choose the event.'),
  title: ruleString(formTitleProblem),
  due_date: z.string().min(1, 'Choose the due date.'),
  answered_by: z.enum(['holder', 'traveller']),
  questions: z.array(question).min(1, 'A form has 1 to 30 questions.').max(MAX_FIELDS),
});

export type FormBuilderValues = z.infer<typeof formBuilderSchema>;

export const EMPTY_QUESTION: FieldDraft = { key: '', label: '', kind: 'text', required: true, options: '' };

export const EMPTY_FORM: FormBuilderValues = {
  event_id: '',
  title: '',
  due_date: '',
  answered_by: 'holder',
  questions: [EMPTY_QUESTION],
};

/** A saved form as the builder shows it. */
export function toBuilderValues(form: AdminTravellerForm): FormBuilderValues {
  return {
    event_id: form.event_id,
    title: form.title,
    due_date: form.due_date,
    answered_by: form.answered_by,
    questions: form.fields.map(draftFromField),
  };
}

/** What the builder saves: a trimmed title and the questions as the table stores them (keys kept). */
export function toFormValues(values: FormBuilderValues): TravellerFormValues {
  const built = fieldsFromDrafts(values.questions);
  // The schema has checked every question already; this is the same rule, so it cannot fail here.
  const fields: FormFieldDef[] = 'fields' in built ? built.fields : [];
  return {
    event_id: values.event_id,
    title: values.title.trim(),
    due_date: values.due_date,
    answered_by: values.answered_by,
    fields,
  };
}
