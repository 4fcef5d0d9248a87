import { emailProblem, nameProblem, passwordProblem } from '../../lib/rules';
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';

export const REGISTER_FIELDS = ['fullName', 'email', 'password'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterValues = Record<RegisterField, string>;

export const EMPTY_REGISTER: RegisterValues = { fullName: '', email: '', password: '' };

/** Full name, e-mail and a password Supabase Auth will take are required. */
export const REGISTER_RULES = formRules<RegisterField>({
  fullName: (value) => nameProblem(value, 'full name'),
  email: emailProblem,
  password: passwordProblem,
});

export function validateRegister(values: RegisterValues): FieldErrors<RegisterField> {
  return ruleErrors(REGISTER_RULES, values);
}
