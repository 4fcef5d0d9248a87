import type { FormTraveller } from './admin-traveller-forms.data';

/** A row of a form's status for unit tests: a member who has not answered, with `over` applied. */
export const personRow = (over: Partial<FormTraveller> = {}): FormTraveller => ({
  user_id: 'u',
  full_name: 'Ada',
  email: 'a@example.com',
  traveller_id: null,
  traveller_name: null,
  unnamed: 0,
  submitted_at: null,
  answers: null,
  ...over,
});
