/** Per-field error messages, keyed by field name; a missing key means the field is fine. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Generous limits that stop pasted essays and keep rows a sane size once forms are saved. */
export const MAX_LENGTH = { name: 120, email: 254, phone: 30, message: 2000, password: 128 } as const;

// Deliberately loose: one @, something either side, a dot in the domain, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with the usual separators and an optional leading +, e.g. +61 3 9000 0000 or (03) 9000-0000.
const PHONE_SHAPE = /^\+?[\d\s().-]{6,}$/;

export function requiredTextError(value: string, what: string, maxLength: number): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return `Please enter your ${what}.`;
  if (trimmed.length > maxLength) return `Your ${what} must be ${maxLength} characters or fewer.`;
  return undefined;
}

export function emailError(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'Please enter your e-mail address.';
  if (trimmed.length > MAX_LENGTH.email || !EMAIL_SHAPE.test(trimmed))
    return 'Please enter a valid e-mail address, like name@example.com.';
  return undefined;
}

export function optionalPhoneError(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > MAX_LENGTH.phone || !PHONE_SHAPE.test(trimmed))
    return 'Please enter a valid phone number, or leave it empty.';
  return undefined;
}

export function optionalTextError(value: string, what: string, maxLength: number): string | undefined {
  return value.trim().length > maxLength
    ? `Your ${what} must be ${maxLength} characters or fewer.`
    : undefined;
}

/** Drops the fields without an error so "no keys" means "valid". */
export function collectErrors<K extends string>(checks: Record<K, string | undefined>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key];
    if (message) errors[key] = message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

/** Optional fields are saved as null when left empty. */
export function emptyToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}
