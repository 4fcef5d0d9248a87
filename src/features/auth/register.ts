import {
  collectErrors,
  emailError,
  MAX_LENGTH,
  requiredTextError,
  type FieldErrors,
} from '../forms/validation';

export const REGISTER_FIELDS = ['fullName', 'email', 'password'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterValues = Record<RegisterField, string>;

export const EMPTY_REGISTER: RegisterValues = { fullName: '', email: '', password: '' };

/** Full name, e-mail and password are required; the spec sets no password length rules. */
export function validateRegister(values: RegisterValues): FieldErrors<RegisterField> {
  return collectErrors({
    fullName: requiredTextError(values.fullName, 'full name', MAX_LENGTH.name),
    email: emailError(values.email),
    password: values.password
      ? values.password.length > MAX_LENGTH.password
        ? `Your password must be ${MAX_LENGTH.password} characters or fewer.`
        : undefined
      : 'Please enter a password.',
  });
}
