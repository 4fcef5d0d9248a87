import { emailProblem, nameProblem, passwordProblem } from '../../lib/rules';
import { ruleSchema, schemaErrors } from '../../lib/forms/rule-schema';
import type { FieldErrors } from '../../lib/forms/validation';

export const REGISTER_FIELDS = ['fullName', 'email', 'password'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterValues = Record<RegisterField, string>;

export const EMPTY_REGISTER: RegisterValues = { fullName: '', email: '', password: '' };

/** Full name, e-mail and a password Supabase Auth will take are required. */
export const REGISTER_SCHEMA = ruleSchema<RegisterField>({
  fullName: (value) => nameProblem(value, 'full name'),
  email: emailProblem,
  password: passwordProblem,
});

export function validateRegister(values: RegisterValues): FieldErrors<RegisterField> {
  return schemaErrors(REGISTER_SCHEMA, values);
}
