import { useState, type SubmitEvent } from 'react';
import { hasErrors, type FieldErrors } from './validation';

/** Values and per-field errors of one form; typing in a field clears that field's error. */
export function useFormValues<K extends string>(empty: Record<K, string>) {
  const [values, setValues] = useState<Record<K, string>>(empty);
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  function setField(key: K, value: string): void {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  function reset(): void {
    setValues(empty);
    setErrors({});
  }

  return { values, errors, setErrors, setField, reset };
}

/** Moves focus to the first field that failed, so keyboard and screen reader users land on the problem. */
export function focusFirstInvalid<K extends string>(
  form: HTMLFormElement,
  order: readonly K[],
  errors: FieldErrors<K>,
) {
  const first = order.find((key) => errors[key]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

/**
 * A validated form: `field(key)` gives a Field its name, value, error and change handler; `handleSubmit`
 * validates, shows the errors and focuses the first one; `submittedValid` says the last submit passed.
 */
export function useValidatedForm<K extends string>(
  empty: Record<K, string>,
  order: readonly K[],
  validate: (values: Record<K, string>) => FieldErrors<K>,
) {
  const form = useFormValues(empty);
  const [submittedValid, setSubmittedValid] = useState(false);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const found = validate(form.values);
    form.setErrors(found);
    setSubmittedValid(!hasErrors(found));
    focusFirstInvalid(event.currentTarget, order, found);
  }

  function field(key: K) {
    return {
      name: key,
      value: form.values[key],
      error: form.errors[key],
      onChange: (value: string) => form.setField(key, value),
    };
  }

  return { ...form, submittedValid, handleSubmit, field };
}
