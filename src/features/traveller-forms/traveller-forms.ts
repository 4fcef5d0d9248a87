import { formatDate } from '../../lib/format/dates';
import { formRules, ruleErrors, type FormRules } from '../../lib/forms/form-rules';
import {
  answerProblem,
  choiceOptionsProblem,
  optionList,
  questionLabelProblem,
} from './traveller-form-rules';

// Traveller forms apart from React: the field types, the draft a builder edits, and the checks the database
// makes too (migration 20261127400001: check_form_fields and submit_traveller_form; the field rules are in
// src/features/traveller-forms/traveller-form-rules.ts), so a mistake is named before anything is sent.

export type FieldKind = 'text' | 'choice' | 'date' | 'yes_no';
export interface FormFieldDef {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options?: string[];
}
export type Answers = Record<string, string | boolean | null>;

export const KIND_LABELS: Record<FieldKind, string> = {
  text: 'Text',
  choice: 'Choice',
  date: 'Date',
  yes_no: 'Yes / no',
};

/** Who answers a form: the booking holder once for the party, or each traveller named on the booking. */
export type AnsweredBy = 'holder' | 'traveller';
export const ANSWERED_BY_LABELS: Record<AnsweredBy, string> = {
  holder: 'The booking holder, once per booking',
  traveller: 'Each traveller on the booking',
};

/** What the builder edits: options as typed, one a line; the key of a question already saved ('' if new). */
export interface FieldDraft {
  key?: string | undefined;
  label: string;
  kind: FieldKind;
  required: boolean;
  options: string;
}

export const MAX_FIELDS = 30;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The draft as the table stores it, or the first problem with it. A saved question keeps its key (its
 * answers are keyed by it); a new one takes the next number after the highest key in the draft.
 */
export function fieldsFromDrafts(drafts: FieldDraft[]): { fields: FormFieldDef[] } | { problem: string } {
  if (drafts.length < 1 || drafts.length > MAX_FIELDS) return { problem: 'A form has 1 to 30 questions.' };
  let next = Math.max(0, ...drafts.map((draft) => Number(draft.key?.slice(1) ?? 0) || 0));
  const fields: FormFieldDef[] = [];
  for (const [index, draft] of drafts.entries()) {
    const n = index + 1;
    const problem =
      questionLabelProblem(draft.label) ??
      (draft.kind === 'choice' ? choiceOptionsProblem(draft.options) : undefined);
    if (problem) return { problem: `Question ${n}: ${lowerFirst(problem)}` };
    const key = draft.key || `f${(next += 1)}`;
    const field: FormFieldDef = {
      key,
      label: draft.label.trim(),
      kind: draft.kind,
      required: draft.required,
    };
    if (draft.kind === 'choice') field.options = optionList(draft.options);
    fields.push(field);
  }
  return { fields };
}

/** A saved question as the builder edits it. */
export function draftFromField(field: FormFieldDef): FieldDraft {
  return {
    key: field.key,
    label: field.label,
    kind: field.kind,
    required: field.required,
    options: (field.options ?? []).join('\n'),
  };
}

/** A form's answers as its fields hold them, keyed by question: text, 'yes' or 'no', '' for none. */
export type AnswerValues = Record<string, string>;

/** An answer as the form holds it. */
export function answerValue(answer: string | boolean | null | undefined): string {
  if (answer === true) return 'yes';
  if (answer === false) return 'no';
  return answer ?? '';
}

/** The form's values for these questions, from the answers saved before (or none). */
export function answerValues(fields: FormFieldDef[], answers: Answers | null): AnswerValues {
  return Object.fromEntries(fields.map((field) => [field.key, answerValue(answers?.[field.key])]));
}

/** One held answer as the database takes it: a yes/no as a boolean, nothing as null. */
export function answerFromValue(field: FormFieldDef, value: string): string | boolean | null {
  if (value === '') return null;
  return field.kind === 'yes_no' ? value === 'yes' : value;
}

/** The answers sent: one per answered question (the database keeps no empty answer either). */
export function answersFromValues(fields: FormFieldDef[], values: AnswerValues): Answers {
  const answers: Answers = {};
  for (const field of fields) {
    const answer = answerFromValue(field, values[field.key] ?? '');
    if (answer !== null) answers[field.key] = answer;
  }
  return answers;
}

/** A form's rules, built from its questions (src/features/traveller-forms/traveller-form-rules.ts), in question order. */
export function answerRules(fields: FormFieldDef[]): FormRules<string> {
  return formRules<string>(
    Object.fromEntries(fields.map((field) => [field.key, (value: string) => answerProblem(field, value)])),
  );
}

/** The first problem with a member's answers, or null when the database will accept them. */
export function answersProblem(fields: FormFieldDef[], answers: Answers): string | null {
  const errors = ruleErrors(answerRules(fields), answerValues(fields, answers));
  return fields.map((field) => errors[field.key]).find(Boolean) ?? null;
}

/** An answer as a person reads it (CSV, lists). */
export function answerText(answer: string | boolean | null | undefined): string {
  if (answer === true) return 'Yes';
  if (answer === false) return 'No';
  return answer ?? '';
}

/** The database's fields column read back as typed fields. */
export function asFields(value: unknown): FormFieldDef[] {
  return Array.isArray(value) ? (value as FormFieldDef[]) : [];
}

/** The database's answers column read back (an object keyed by field). */
export function asAnswers(value: unknown): Answers {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : {};
}

/** 2026-12-05 → "5 Dec 2026" (a calendar date, read as such whatever the browser's zone). */
export const dueLabel = (isoDate: string): string => formatDate(isoDate);

/**
 * Whether the member has nothing left to do on a form: their answers sent (holder form), or every place on
 * their booking named and each named traveller's answers sent (traveller form).
 */
export function formDone(form: {
  answered_by: AnsweredBy;
  submitted_at: string | null;
  travellers: { submitted_at: string | null }[];
  unnamed: number;
}): boolean {
  if (form.answered_by === 'holder') return form.submitted_at !== null;
  return form.unnamed === 0 && form.travellers.length > 0 && form.travellers.every((t) => t.submitted_at);
}

/** Where a member's form stands: done, still to do, or past its due date (Sydney's today). */
export function taskStatus(done: boolean, dueDate: string, today: string): string {
  if (done) return 'Done';
  return dueDate < today ? 'Overdue' : 'To do';
}
