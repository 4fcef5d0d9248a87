// The rules for a member's travellers (src/features/travellers). Names, phones and notes are the shared
// field rules; the date of birth is this file's own. The database says the same
// (supabase/schemas/03_bookings.sql), proven by field-rules-agree.test.ts.
import { messageProblem, nameProblem, phoneProblem } from '../../lib/rules/fields';

/** The earliest date of birth accepted. */
export const BIRTH_DATE_MIN = '1900-01-01';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (what <input type="date"> gives). */
export function isIsoCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Optional. From BIRTH_DATE_MIN to `today` (the member's calendar day, YYYY-MM-DD). The database allows one
 * day more than its own UTC date, since a member east of UTC may already be a day ahead.
 */
export function birthDateProblem(value: string, today: string): string | undefined {
  const date = value.trim();
  if (!date) return undefined;
  if (!isIsoCalendarDate(date)) return 'Please enter a valid date of birth.';
  if (date < BIRTH_DATE_MIN || date > today)
    return 'Please enter a date of birth between 1 January 1900 and today.';
  return undefined;
}

export interface TravellerInput {
  full_name: string;
  date_of_birth: string;
  phone: string;
  dietary_notes: string;
  medical_notes: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
}

export type TravellerProblems = Partial<Record<keyof TravellerInput, string>>;

/**
 * One rule per field of a traveller form, in the form's order; `today` gives the member's calendar day
 * (YYYY-MM-DD) when the date of birth is checked.
 */
export function travellerRules(
  today: () => string,
): Record<keyof TravellerInput, (value: string) => string | undefined> {
  return {
    full_name: (value) => nameProblem(value, "traveller's full name"),
    date_of_birth: (value) => birthDateProblem(value, today()),
    phone: phoneProblem,
    dietary_notes: (value) => messageProblem(value, 'dietary notes'),
    medical_notes: (value) => messageProblem(value, 'medical notes'),
    emergency_contact_name: (value) =>
      value.trim() ? nameProblem(value, "emergency contact's name") : undefined,
    emergency_contact_phone: phoneProblem,
  };
}

/** Every problem of a traveller form, by field; empty when it can be saved. */
export function travellerProblems(input: TravellerInput, today: string): TravellerProblems {
  const rules = travellerRules(() => today);
  const problems: TravellerProblems = {};
  for (const key of Object.keys(rules) as (keyof TravellerInput)[]) {
    const problem = rules[key](input[key]);
    if (problem !== undefined) problems[key] = problem;
  }
  return problems;
}

/** A traveller to name on a booking: one must be chosen (the database checks it is one of the member's). */
export function travellerChoiceProblem(value: string): string | undefined {
  return value ? undefined : 'Choose a traveller to add to this booking.';
}
