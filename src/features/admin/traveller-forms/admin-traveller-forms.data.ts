// The form builder's data (/admin/forms): traveller forms are plain table reads and writes that row-level
// security allows only to admins; a form's status and its reminders are one RPC each. Every function takes
// the client loader last (tests pass loaderOf(client)) and throws a DataError when the database refuses.
import type { Database } from '../../../lib/supabase/database.types';
import { dataError, sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import { fetchEventChoices, quoted, type EventChoice } from '../events/events.data';
import type { ListSearch } from '../search';
import { pageRange, type WithNulls } from '../table/paging';
import {
  asAnswers,
  asFields,
  type AnsweredBy,
  type Answers,
  type FormFieldDef,
} from '../../traveller-forms/traveller-forms';

export interface AdminTravellerForm {
  id: string;
  event_id: string;
  title: string;
  due_date: string;
  answered_by: AnsweredBy;
  fields: FormFieldDef[];
  event_title: string;
}
type FormStatusRecord = Database['public']['Functions']['admin_traveller_form_status']['Returns'][number];
/**
 * A row of a form's status: a booked member (holder form) or one named traveller (traveller form).
 * traveller_id and traveller_name: the person answered for, null on a row for places nobody is named for
 * yet; unnamed: places on the member's bookings with nobody named (traveller forms), else 0.
 */
export type FormTraveller = Omit<
  WithNulls<FormStatusRecord, 'full_name' | 'traveller_id' | 'traveller_name' | 'submitted_at'>,
  'answers'
> & { answers: Answers | null };
export interface FormReminder {
  id: string;
  sent_at: string;
  reminded: number;
  sent_by_name: string | null;
}

/**
 * Events a new form can be for: those still to run (published or draft, not yet ended in Sydney: decision
 * 0063), soonest first. A form asks travellers for what the trip needs, so an ended or cancelled trip is
 * not offered; its existing forms stay as they are.
 */
export function fetchFormEvents(client: LoadClient = sharedClient): Promise<EventChoice[]> {
  return fetchEventChoices(['published', 'draft'], client);
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
  client: LoadClient = sharedClient,
): Promise<{ rows: AdminTravellerForm[]; total: number }> {
  let query = (await client()).from('traveller_forms').select(FORM_COLUMNS, { count: 'exact' });
  const text = search.q?.trim();
  if (text) query = query.or(`title.ilike.${quoted(text)}`);
  const sort = (FORM_SORTS as readonly string[]).includes(search.sort ?? '') ? search.sort! : 'due_date';
  const result = await query
    .order(sort, { ascending: search.dir !== 'desc' })
    .order('id')
    .range(range.from, range.to);
  return { rows: (unwrap(result) as FormRow[]).map(toForm), total: result.count ?? 0 };
}

/** One form, or null when it is gone. */
export async function fetchTravellerForm(
  id: string,
  client: LoadClient = sharedClient,
): Promise<AdminTravellerForm | null> {
  const data = unwrap(
    await (await client()).from('traveller_forms').select(FORM_COLUMNS).eq('id', id).maybeSingle(),
  );
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
export async function createTravellerForm(
  form: TravellerFormValues,
  client: LoadClient = sharedClient,
): Promise<string> {
  const supabase = await client();
  const { data, error } = await supabase
    .from('traveller_forms')
    .insert({ ...form, fields: form.fields as never })
    .select('id')
    .single();
  if (error) throw dataError(error);
  return data.id;
}

/**
 * Saves a form's changes (the event stays). Once people have answered, the database refuses a change that
 * would make answers untrue, with a message naming the question (23514).
 */
export async function updateTravellerForm(
  id: string,
  form: TravellerFormValues,
  client: LoadClient = sharedClient,
): Promise<void> {
  const { event_id: _event, ...changes } = form;
  const supabase = await client();
  unwrap(
    await supabase
      .from('traveller_forms')
      .update({ ...changes, fields: changes.fields as never })
      .eq('id', id),
  );
}

export async function deleteTravellerForm(id: string, client: LoadClient = sharedClient): Promise<void> {
  unwrap(await (await client()).from('traveller_forms').delete().eq('id', id));
}

/**
 * Everyone booked on the form's event (or, for a traveller form, every named traveller and any places not
 * named yet) with their answers (null: not filled yet); also the export.
 */
export async function fetchFormTravellers(
  formId: string,
  client: LoadClient = sharedClient,
): Promise<FormTraveller[]> {
  const rows = unwrap(await (await client()).rpc('admin_traveller_form_status', { p_form_id: formId }));
  return rows.map((row) => ({
    ...row,
    answers: row.answers === null ? null : asAnswers(row.answers),
  }));
}

/** The form's reminders, newest first, with who sent each. */
export async function fetchFormReminders(
  formId: string,
  client: LoadClient = sharedClient,
): Promise<FormReminder[]> {
  const data = unwrap(
    await (
      await client()
    )
      .from('traveller_form_reminders')
      .select('id, sent_at, reminded, sender:profiles(full_name)')
      .eq('form_id', formId)
      .order('sent_at', { ascending: false })
      .limit(50),
  );
  return data.map(({ sender, ...reminder }) => ({
    ...reminder,
    sent_by_name: (sender as { full_name: string | null } | null)?.full_name ?? null,
  }));
}

/** E-mails everyone booked who has not filled the form; returns how many. */
export async function remindTravellers(formId: string, client: LoadClient = sharedClient): Promise<number> {
  return unwrap(await (await client()).rpc('remind_traveller_form', { p_form_id: formId }));
}
