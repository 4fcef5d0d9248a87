import { emailProblem, messageProblem, nameProblem, phoneProblem } from '../../lib/rules';
import { collectErrors, type FieldErrors } from '../forms/validation';

export const WAITLIST_FIELDS = ['fullName', 'email', 'phone', 'notes'] as const;
export type WaitlistField = (typeof WAITLIST_FIELDS)[number];
export type WaitlistValues = Record<WaitlistField, string>;

export const EMPTY_WAITLIST: WaitlistValues = { fullName: '', email: '', phone: '', notes: '' };

/** Full name and e-mail are required; phone and notes are optional. */
export function validateWaitlist(values: WaitlistValues): FieldErrors<WaitlistField> {
  return collectErrors({
    fullName: nameProblem(values.fullName, 'full name'),
    email: emailProblem(values.email),
    phone: phoneProblem(values.phone),
    notes: messageProblem(values.notes, 'notes'),
  });
}
