import type { FieldErrors } from './validation';

/** One field's rule from src/lib/rules: the message for a bad value, or undefined. It may read the other values. */
export type FieldRule<K extends string> = (value: string, values: Record<K, string>) => string | undefined;

/** A site form's rules, one per field, in field order (the order focus looks for the first problem in). */
export type FormRules<K extends string> = Record<K, FieldRule<K>>;

/**
 * A site form's rules, built from src/lib/rules and never restated. Plain functions rather than a zod schema:
 * react-hook-form + zod would cost about 29 KB gzip more than a landing-page dialog or /settings may load
 * (decision 0051); the admin forms build zod schemas from the same rules (`ruleString`).
 */
export function formRules<K extends string>(rules: FormRules<K>): FormRules<K> {
  return rules;
}

/** Every rule runs, so each failing field shows its message at once; `{}` when valid. */
export function ruleErrors<K extends string>(rules: FormRules<K>, values: Record<K, string>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(rules) as K[]) {
    const message = rules[key](values[key], values);
    if (message) errors[key] = message;
  }
  return errors;
}
