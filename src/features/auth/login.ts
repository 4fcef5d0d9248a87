import { emailProblem, PASSWORD_MIN_LENGTH } from '../../lib/rules';
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';

export const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginValues = Record<LoginField, string>;

export const EMPTY_LOGIN: LoginValues = { email: '', password: '' };

/** Spec §5: an e-mail (typed as one) and a password are required; the server judges the password. */
export const LOGIN_RULES = formRules<LoginField>({
  email: emailProblem,
  password: (value) => (value ? undefined : 'Please enter your password.'),
});

export function validateLogin(values: LoginValues): FieldErrors<LoginField> {
  return ruleErrors(LOGIN_RULES, values);
}

export const RESET_FIELDS = ['email'] as const;
export type ResetValues = Record<(typeof RESET_FIELDS)[number], string>;
export const EMPTY_RESET: ResetValues = { email: '' };

export const RESET_RULES = formRules<'email'>({ email: emailProblem });

export function validateReset(values: ResetValues): FieldErrors<'email'> {
  return ruleErrors(RESET_RULES, values);
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
