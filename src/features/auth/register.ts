import { emailProblem, nameProblem, passwordProblem } from '../../lib/rules';
import { collectErrors, type FieldErrors } from '../../lib/forms/validation';

export const REGISTER_FIELDS = ['fullName', 'email', 'password'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterValues = Record<RegisterField, string>;

export const EMPTY_REGISTER: RegisterValues = { fullName: '', email: '', password: '' };

/** Full name, e-mail and a password Supabase Auth will take are required. */
export function validateRegister(values: RegisterValues): FieldErrors<RegisterField> {
  return collectErrors({
    fullName: nameProblem(values.fullName, 'full name'),
    email: emailProblem(values.email),
    password: passwordProblem(values.password),
  });
}
