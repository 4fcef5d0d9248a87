import { getSupabase } from '../../../lib/supabase/client';
import { asAnswers, asFields, type Answers, type FormFieldDef } from '../../traveller-forms/traveller-forms';

export interface FormEventOption {
  id: string;
  title: string;
  start_date: string | null;
}
export interface AdminTravellerForm {
  id: string;
  event_id: string;
  title: string;
  due_date: string;
  fields: FormFieldDef[];
  event_title: string;
}
export interface FormTraveller {
  user_id: string;
  full_name: string | null;
  email: string;
  submitted_at: string | null;
  answers: Answers | null;
}

/** Events a form can be for: not cancelled, newest departure first. */
export async function fetchFormEvents(): Promise<FormEventOption[]> {
  const { data, error } = await (
    await getSupabase()
  )
    .from('events')
    .select('id, title, start_date')
    .neq('status', 'cancelled')
    .order('start_date', { ascending: false })
    .limit(500);
  if (error) throw error;
  return data ?? [];
}

/** Every form, soonest due first, with its event's title. */
export async function fetchTravellerForms(): Promise<AdminTravellerForm[]> {
  const { data, error } = await (
    await getSupabase()
  )
    .from('traveller_forms')
    .select('id, event_id, title, due_date, fields, event:events(title)')
    .order('due_date')
    .limit(500);
  if (error) throw error;
  return (data ?? []).map(({ event, fields, ...form }) => ({
    ...form,
    fields: asFields(fields),
    event_title: (event as { title: string } | null)?.title ?? '',
  }));
}

export interface NewTravellerForm {
  event_id: string;
  title: string;
  due_date: string;
  fields: FormFieldDef[];
}

/** Creates a form (RLS: admins only; the table's CHECK validates the fields). */
export async function createTravellerForm(form: NewTravellerForm): Promise<string> {
  const { data, error } = await (
    await getSupabase()
  )
    .from('traveller_forms')
    .insert({ ...form, fields: form.fields as never })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export async function deleteTravellerForm(id: string): Promise<void> {
  const { error } = await (await getSupabase()).from('traveller_forms').delete().eq('id', id);
  if (error) throw error;
}

/** Everyone booked on the form's event with their answers (null: not filled yet); also the export. */
export async function fetchFormTravellers(formId: string): Promise<FormTraveller[]> {
  const { data, error } = await (
    await getSupabase()
  ).rpc('admin_traveller_form_status', { p_form_id: formId });
  if (error) throw error;
  return ((data ?? []) as (Omit<FormTraveller, 'answers'> & { answers: unknown })[]).map((row) => ({
    ...row,
    answers: row.answers === null ? null : asAnswers(row.answers),
  }));
}

/** E-mails everyone booked who has not filled the form; returns how many. */
export async function remindTravellers(formId: string): Promise<number> {
  const { data, error } = await (await getSupabase()).rpc('remind_traveller_form', { p_form_id: formId });
  if (error) throw error;
  return data;
}
