import { getSupabase } from '../../lib/supabase/client';
import { asAnswers, asFields, type Answers, type FormFieldDef } from './traveller-forms';

export interface MyTravellerForm {
  id: string;
  title: string;
  due_date: string;
  event_title: string;
  fields: FormFieldDef[];
  answers: Answers | null;
  submitted_at: string | null;
}

/** The signed-in member's forms: those of every event they are booked on (the database decides). */
export async function fetchMyTravellerForms(): Promise<MyTravellerForm[]> {
  const { data, error } = await (await getSupabase()).rpc('my_traveller_forms');
  if (error) throw error;
  const rows = (data ?? []) as (Omit<MyTravellerForm, 'fields' | 'answers'> & {
    fields: unknown;
    answers: unknown;
  })[];
  return rows.map((row) => ({
    ...row,
    fields: asFields(row.fields),
    answers: row.answers === null ? null : asAnswers(row.answers),
  }));
}

/** Sends (or replaces) the member's answers; the database validates them against the form's fields. */
export async function submitTravellerForm(formId: string, answers: Answers): Promise<string> {
  const { data, error } = await (
    await getSupabase()
  ).rpc('submit_traveller_form', {
    p_form_id: formId,
    p_answers: answers as never,
  });
  if (error) throw error;
  return String(data);
}
