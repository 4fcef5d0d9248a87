// How the forms gather per-field errors. The rules themselves live in src/lib/rules, shared with the
// database's checks and the Studio.

/** Per-field error messages, keyed by field name; a missing key means the field is fine. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

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
