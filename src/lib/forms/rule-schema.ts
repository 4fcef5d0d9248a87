import * as z from 'zod';

/**
 * A zod string schema from one of the project's field rules (src/lib/rules: a function that returns the
 * message for a bad value, or undefined), so an admin form validates with the very rule the database's CHECK
 * and the Studio share (decision 0013). The value is trimmed, as every form saves it.
 */
export function ruleString(problem: (value: string) => string | undefined) {
  return z.string().superRefine((value, context) => {
    const message = problem(value);
    if (message) context.addIssue({ code: 'custom', message });
  });
}

/** Empty text becomes null, as the database stores an optional field that was left empty. */
export const emptyToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
