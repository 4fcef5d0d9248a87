import { emailProblem, PASSWORD_MIN_LENGTH } from '../../lib/rules';
import { ruleSchema, schemaErrors } from '../../lib/forms/rule-schema';
import type { FieldErrors } from '../../lib/forms/validation';

export const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginValues = Record<LoginField, string>;

export const EMPTY_LOGIN: LoginValues = { email: '', password: '' };

/** Spec §5: an e-mail (typed as one) and a password are required; the server judges the password. */
export const LOGIN_SCHEMA = ruleSchema<LoginField>({
  email: emailProblem,
  password: (value) => (value ? undefined : 'Please enter your password.'),
});

export function validateLogin(values: LoginValues): FieldErrors<LoginField> {
  return schemaErrors(LOGIN_SCHEMA, values);
}

export const RESET_FIELDS = ['email'] as const;
export type ResetValues = Record<(typeof RESET_FIELDS)[number], string>;
export const EMPTY_RESET: ResetValues = { email: '' };

export const RESET_SCHEMA = ruleSchema<'email'>({ email: emailProblem });

export function validateReset(values: ResetValues): FieldErrors<'email'> {
  return schemaErrors(RESET_SCHEMA, values);
}

/** GoTrue's weak_password reasons in words (config.toml: minimum length, letters and digits). */
export function weakPasswordMessage(reasons: readonly string[] | undefined): string | undefined {
  if (!reasons?.length) return undefined;
  const parts = reasons.map((reason) => {
    if (reason === 'length') return `at least ${PASSWORD_MIN_LENGTH} characters`;
    if (reason === 'characters') return 'at least one letter (a–z) and one digit (0–9)';
    if (reason === 'pwned') return 'not be a password known from a data breach';
    return reason;
  });
  return `The server refused this password: it must have ${parts.join(', and ')}.`;
}
