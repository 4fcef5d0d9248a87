// The rules for a traveller form's title, questions and a choice's options (issue 11, /admin/forms). The
// database says the same (the traveller_forms title CHECK and private.check_form_fields in
// supabase/schemas/10_traveller_forms.sql), proven at the boundaries by supabase/tests/database/traveller-form-rules-agree.test.ts.
import { characterCount } from '../../lib/rules/text';

export const FORM_TITLE_MAX = 120;
export const FORM_QUESTION_MAX = 120;
export const FORM_OPTION_MAX = 80;
export const FORM_OPTIONS_MIN = 2;
export const FORM_OPTIONS_MAX = 10;

/** A form's title: 1 to 120 characters once trimmed. */
export function formTitleProblem(value: string): string | undefined {
  const length = characterCount(value.trim());
  return length < 1 || length > FORM_TITLE_MAX
    ? `Give the form a title (1 to ${FORM_TITLE_MAX} characters).`
    : undefined;
}

/** A question's wording: 1 to 120 characters once trimmed. */
export function questionLabelProblem(value: string): string | undefined {
  const length = characterCount(value.trim());
  return length < 1 || length > FORM_QUESTION_MAX
    ? `Write the question (1 to ${FORM_QUESTION_MAX} characters).`
    : undefined;
}

/** A choice's options typed one a line, as stored: trimmed, empty lines dropped. */
export function optionList(text: string): string[] {
  return text
    .split('\n')
    .map((option) => option.trim())
    .filter(Boolean);
}

/** A choice's options (typed one a line): 2 to 10 different ones of at most 80 characters. */
export function choiceOptionsProblem(text: string): string | undefined {
  const options = optionList(text);
  if (
    options.length < FORM_OPTIONS_MIN ||
    options.length > FORM_OPTIONS_MAX ||
    new Set(options).size !== options.length
  ) {
    return `A choice needs ${FORM_OPTIONS_MIN} to ${FORM_OPTIONS_MAX} different options, one a line.`;
  }
  return options.some((option) => characterCount(option) > FORM_OPTION_MAX)
    ? `An option is at most ${FORM_OPTION_MAX} characters.`
    : undefined;
}

export const FORM_ANSWER_MAX = 2000;

/** A question as its answer is checked (the member's form builds one rule per question from these). */
export interface AnswerQuestion {
  label: string;
  kind: 'text' | 'choice' | 'date' | 'yes_no';
  required: boolean;
  options?: string[] | undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One answer as the form holds it: text as typed, a yes/no as 'yes' or 'no', '' for none. A required
 * question needs one; text is at most 2,000 characters, a date YYYY-MM-DD, a choice one of its options
 * (submit_traveller_form checks the same and answers in the same words, a date's with its format).
 */
export function answerProblem(question: AnswerQuestion, value: string): string | undefined {
  const { label, kind } = question;
  if (value === '') return question.required ? `"${label}" is required.` : undefined;
  if (kind === 'text' && characterCount(value) > FORM_ANSWER_MAX)
    return `"${label}" is at most 2,000 characters.`;
  if (kind === 'date' && !ISO_DATE.test(value)) return `"${label}" must be a date.`;
  if (kind === 'choice' && !question.options?.includes(value))
    return `"${label}" must be one of its options.`;
  if (kind === 'yes_no' && value !== 'yes' && value !== 'no') return `"${label}" must be yes or no.`;
  return undefined;
}
