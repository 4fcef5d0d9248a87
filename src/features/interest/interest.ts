import { emailProblem, messageProblem, nameProblem, phoneProblem } from '../../lib/rules';
import { collectErrors, type FieldErrors } from '../forms/validation';

export const INTEREST_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type InterestField = (typeof INTEREST_FIELDS)[number];
export type InterestValues = Record<InterestField, string>;

export const EMPTY_INTEREST: InterestValues = { name: '', email: '', phone: '', message: '' };

/** Name and e-mail are required; phone and message are optional. */
export function validateInterest(values: InterestValues): FieldErrors<InterestField> {
  return collectErrors({
    name: nameProblem(values.name),
    email: emailProblem(values.email),
    phone: phoneProblem(values.phone),
    message: messageProblem(values.message),
  });
}
