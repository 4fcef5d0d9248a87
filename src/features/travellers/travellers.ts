/**
 * A member's travellers as the form edits them (text as typed) and as the database stores them (trimmed,
 * empty optional fields as null). The rules live in src/features/travellers/traveller-rules.ts.
 */
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';
import { optionalValue } from '../../lib/rules';
import { travellerChoiceProblem, travellerRules, type TravellerInput } from './traveller-rules';
import { localToday } from '../bookings/bookings';

export interface Traveller {
  id: string;
  full_name: string;
  date_of_birth: string | null;
  phone: string | null;
  dietary_notes: string | null;
  medical_notes: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
}

export type TravellerValues = Omit<Traveller, 'id'>;

export const EMPTY_TRAVELLER: TravellerInput = {
  full_name: '',
  date_of_birth: '',
  phone: '',
  dietary_notes: '',
  medical_notes: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
};

export type TravellerField = keyof TravellerInput;

/** The traveller form's rules, in field order; the date of birth is checked against the member's today. */
export const TRAVELLER_RULES = formRules<TravellerField>(travellerRules(localToday));

export function validateTraveller(values: TravellerInput): FieldErrors<TravellerField> {
  return ruleErrors(TRAVELLER_RULES, values);
}

/** Naming one of the member's travellers on a booking (the select on /manage-booking). */
export const ADD_TO_BOOKING_RULES = formRules<'travellerId'>({ travellerId: travellerChoiceProblem });

/** What the form saves. */
export function toValues(input: TravellerInput): TravellerValues {
  return {
    full_name: input.full_name.trim(),
    date_of_birth: optionalValue(input.date_of_birth),
    phone: optionalValue(input.phone),
    dietary_notes: optionalValue(input.dietary_notes),
    medical_notes: optionalValue(input.medical_notes),
    emergency_contact_name: optionalValue(input.emergency_contact_name),
    emergency_contact_phone: optionalValue(input.emergency_contact_phone),
  };
}

/** A stored traveller, ready to edit. */
export function toInput(traveller: Traveller): TravellerInput {
  return {
    full_name: traveller.full_name,
    date_of_birth: traveller.date_of_birth ?? '',
    phone: traveller.phone ?? '',
    dietary_notes: traveller.dietary_notes ?? '',
    medical_notes: traveller.medical_notes ?? '',
    emergency_contact_name: traveller.emergency_contact_name ?? '',
    emergency_contact_phone: traveller.emergency_contact_phone ?? '',
  };
}
