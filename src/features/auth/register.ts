import { nextParam, safeNextPath } from '../../lib/auth/next-path';
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

/**
 * Where the confirmation e-mail's link leads: back to the page that asked for an account (`next`, same-site
 * only: a waitlist offer's /book?offer=…, decision 0082), else undefined for the dashboard.
 */
export function confirmationRedirect(search: string, origin: string): string | undefined {
  const next = safeNextPath(nextParam(search));
  return next ? new URL(next, origin).href : undefined;
}
