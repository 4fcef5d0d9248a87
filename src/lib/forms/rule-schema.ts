import * as z from 'zod/mini';
import type { FieldErrors } from './validation';

// zod/mini rather than zod: the same checks in a few KB, so a visitor's form in a dialog stays within its
// JavaScript budget (decision 0051). Its schemas fit inside the admin forms' full-zod objects too.

/**
 * A zod string schema from one of the project's field rules (src/lib/rules: a function that returns the
 * message for a bad value, or undefined), so a form validates with the very rule the database's CHECK and the
 * Studio share (decision 0013).
 */
export function ruleString(problem: (value: string) => string | undefined) {
  return z.string().check(
    z.superRefine((value, context) => {
      const message = problem(value);
      if (message) context.addIssue({ code: 'custom', message, input: value });
    }),
  );
}

/**
 * A form's schema: every field a string as the inputs hold it, and one rule per field. A rule also sees the
 * other values, for a rule across fields (a confirmed password); every rule runs on every submit, so each
 * failing field shows its message at once.
 */
export function ruleSchema<K extends string>(
  rules: Record<K, (value: string, values: Record<K, string>) => string | undefined>,
) {
  const keys = Object.keys(rules) as K[];
  const shape = {} as Record<K, z.ZodMiniString<string>>;
  for (const key of keys) shape[key] = z.string();
  return z.object(shape).check(
    z.superRefine((parsed, context) => {
      const values = parsed as Record<K, string>;
      for (const key of keys) {
        const message = rules[key](values[key], values);
        if (message) context.addIssue({ code: 'custom', message, path: [key], input: values[key] });
      }
    }),
  );
}

/** The schema's message for each failing field (the first, when a field fails twice); `{}` when valid. */
export function schemaErrors<K extends string>(
  schema: z.ZodMiniType<unknown, Record<K, string>>,
  values: Record<K, string>,
): FieldErrors<K> {
  const result = schema.safeParse(values);
  const errors: FieldErrors<K> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path[0] as K | undefined;
    if (key !== undefined && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Empty text becomes null, as the database stores an optional field that was left empty. */
export const emptyToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
