import { getSupabase } from '../../../lib/supabase/client';
import { quoted } from '../events/events.data';
import type { ListSearch } from '../search';
import { pageRange } from '../table/paging';
import {
  asAnswers,
  asFields,
  type AnsweredBy,
  type Answers,
  type FormFieldDef,
} from '../../traveller-forms/traveller-forms';

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
  answered_by: AnsweredBy;
  fields: FormFieldDef[];
  event_title: string;
}
/** A row of a form's status: a booked member (holder form) or one named traveller (traveller form). */
export interface FormTraveller {
  user_id: string;
  full_name: string | null;
  email: string;
  /** Traveller forms: the person answered for; null on a row for places nobody is named for yet. */
  traveller_id: string | null;
  traveller_name: string | null;
  /** Places on the member's bookings with nobody named (traveller forms), else 0. */
  unnamed: number;
  submitted_at: string | null;
  answers: Answers | null;
}
export interface FormReminder {
  id: string;
  sent_at: string;
  reminded: number;
  sent_by_name: string | null;
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

const FORM_COLUMNS = 'id, event_id, title, due_date, answered_by, fields, event:events(title)';
/** The columns the list sorts by (its table's column ids); anything else sorts by due date. */
export const FORM_SORTS = ['title', 'due_date'] as const;

type FormRow = { event: unknown; fields: unknown; answered_by: string } & Omit<
  AdminTravellerForm,
  'event_title' | 'fields' | 'answered_by'
>;
function toForm({ event, fields, answered_by, ...form }: FormRow): AdminTravellerForm {
  return {
    ...form,
    answered_by: answered_by === 'traveller' ? 'traveller' : 'holder',
    fields: asFields(fields),
    event_title: (event as { title: string } | null)?.title ?? '',
  };
}

/** One page of forms (soonest due first unless sorted) matching the search on their title, and the total. */
export async function fetchTravellerForms(
  search: ListSearch,
  range = pageRange(search.page ?? 1),
): Promise<{ rows: AdminTravellerForm[]; total: number }> {
  let query = (await getSupabase()).from('traveller_forms').select(FORM_COLUMNS, { count: 'exact' });
  const text = search.q?.trim();
  if (text) query = query.or(`title.ilike.${quoted(text)}`);
  const sort = (FORM_SORTS as readonly string[]).includes(search.sort ?? '') ? search.sort! : 'due_date';
  const { data, error, count } = await query
    .order(sort, { ascending: search.dir !== 'desc' })
    .order('id')
    .range(range.from, range.to);
  if (error) throw error;
  return { rows: ((data ?? []) as FormRow[]).map(toForm), total: count ?? 0 };
}

/** One form, or null when it is gone. */
export async function fetchTravellerForm(id: string): Promise<AdminTravellerForm | null> {
  const { data, error } = await (
    await getSupabase()
  )
    .from('traveller_forms')
    .select(FORM_COLUMNS)
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data ? toForm(data as FormRow) : null;
}

export interface TravellerFormValues {
  event_id: string;
  title: string;
  due_date: string;
  answered_by: AnsweredBy;
  fields: FormFieldDef[];
}

/** Creates a form (RLS: admins only; the table's CHECK validates the fields). */
export async function createTravellerForm(form: TravellerFormValues): Promise<string> {
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

/**
 * Saves a form's changes (the event stays). Once people have answered, the database refuses a change that
 * would make answers untrue, with a message naming the question (23514).
 */
export async function updateTravellerForm(id: string, form: TravellerFormValues): Promise<void> {
  const { event_id: _event, ...changes } = form;
  const { error } = await (
    await getSupabase()
  )
    .from('traveller_forms')
    .update({ ...changes, fields: changes.fields as never })
    .eq('id', id);
  if (error) throw error;
}

export async function deleteTravellerForm(id: string): Promise<void> {
  const { error } = await (await getSupabase()).from('traveller_forms').delete().eq('id', id);
  if (error) throw error;
}

/**
 * Everyone booked on the form's event (or, for a traveller form, every named traveller and any places not
 * named yet) with their answers (null: not filled yet); also the export.
 */
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

/** The form's reminders, newest first, with who sent each. */
export async function fetchFormReminders(formId: string): Promise<FormReminder[]> {
  const { data, error } = await (
    await getSupabase()
  )
    .from('traveller_form_reminders')
    .select('id, sent_at, reminded, sender:profiles(full_name)')
    .eq('form_id', formId)
    .order('sent_at', { ascending: false })
    .limit(50);
  if (error) throw error;
  return (data ?? []).map(({ sender, ...reminder }) => ({
    ...reminder,
    sent_by_name: (sender as { full_name: string | null } | null)?.full_name ?? null,
  }));
}

/** E-mails everyone booked who has not filled the form; returns how many. */
export async function remindTravellers(formId: string): Promise<number> {
  const { data, error } = await (await getSupabase()).rpc('remind_traveller_form', { p_form_id: formId });
  if (error) throw error;
  return data;
}
