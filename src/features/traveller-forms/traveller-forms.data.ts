import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { asAnswers, asFields, type AnsweredBy, type Answers, type FormFieldDef } from './traveller-forms';

/** A traveller named on the member's booking, with their answers to a form each traveller answers. */
export interface FormTravellerAnswers {
  traveller_id: string;
  full_name: string;
  answers: Answers | null;
  submitted_at: string | null;
}

export interface MyTravellerForm {
  id: string;
  title: string;
  due_date: string;
  event_title: string;
  answered_by: AnsweredBy;
  fields: FormFieldDef[];
  /** The holder's answers (a form answered once per booking). */
  answers: Answers | null;
  submitted_at: string | null;
  /** A form each traveller answers: the named travellers, and places nobody is named for yet. */
  travellers: FormTravellerAnswers[];
  unnamed: number;
}

type Row = Omit<MyTravellerForm, 'fields' | 'answers' | 'travellers' | 'answered_by'> & {
  fields: unknown;
  answers: unknown;
  travellers: unknown;
  answered_by: string;
};

/** The signed-in member's forms: those of every event they are booked on (the database decides). */
export async function fetchMyTravellerForms(client: LoadClient = sharedClient): Promise<MyTravellerForm[]> {
  const supabase = await client();
  const rows = unwrap(await supabase.rpc('my_traveller_forms'));
  return ((rows ?? []) as Row[]).map((row) => ({
    ...row,
    answered_by: row.answered_by === 'traveller' ? 'traveller' : 'holder',
    fields: asFields(row.fields),
    answers: row.answers === null ? null : asAnswers(row.answers),
    travellers: Array.isArray(row.travellers)
      ? (row.travellers as FormTravellerAnswers[]).map((traveller) => ({
          ...traveller,
          answers: traveller.answers === null ? null : asAnswers(traveller.answers),
        }))
      : [],
  }));
}

/**
 * Sends (or replaces) answers: the member's own, or a named traveller's (`travellerId`) for a form each
 * traveller answers. The database validates them against the form's fields and checks the traveller; its
 * refusal is a DataError whose code the answer sheet reads.
 */
export async function submitTravellerForm(
  formId: string,
  answers: Answers,
  travellerId: string | null = null,
  client: LoadClient = sharedClient,
): Promise<string> {
  const supabase = await client();
  const id = unwrap(
    await supabase.rpc('submit_traveller_form', {
      p_form_id: formId,
      p_answers: answers as never,
      ...(travellerId ? { p_traveller_id: travellerId } : {}),
    }),
  );
  return String(id);
}
