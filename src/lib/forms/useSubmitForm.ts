import { useRef, useState, type SubmitEvent } from 'react';
import { ruleErrors, type FormRules } from './form-rules';
import type { FieldErrors } from './validation';

export interface SubmitFormOptions<Values extends Record<string, string>> {
  /** The form's rules, built from src/lib/rules (`formRules`); their key order is the field order. */
  rules: FormRules<keyof Values & string>;
  /** The values a fresh (and a reset) form starts with. */
  empty: Values;
  /**
   * Sends valid values; resolves to true when they were saved, and the form resets. It shows its own
   * toasts and outcome; `form` is the submitted element (e.g. to close the dialog it sits in).
   */
  send: (values: Values, form: HTMLFormElement) => Promise<boolean | void>;
}

/**
 * The one way a site form submits (decision 0051): every rule runs, each field shows its message and focus
 * goes to the first field that failed; valid values go to `send`, one send at a time, with `submitting` true
 * meanwhile for the button's busy label; the form resets when `send` says it saved. Typing in a field clears
 * that field's message until the next submit. (The admin forms use react-hook-form with the same rules.)
 */
export function useSubmitForm<Values extends Record<string, string>>({
  rules,
  empty,
  send,
}: SubmitFormOptions<Values>) {
  type Key = keyof Values & string;
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrorState] = useState<FieldErrors<Key>>({});
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const order = Object.keys(rules) as Key[];

  function setField(key: Key, value: string): void {
    setValues((current) => ({ ...current, [key]: value }));
    setErrorState((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  /** Shows messages that only the server could know (a refused password). */
  function setErrors(found: FieldErrors<Key>): void {
    setErrorState(found);
  }

  function reset(): void {
    setValues(empty);
    setErrorState({});
  }

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending.current) return;
    const element = event.currentTarget;
    const found = ruleErrors(rules, values);
    setErrorState(found);
    const first = order.find((key) => found[key]);
    if (first) {
      const input = element.elements.namedItem(first);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    sending.current = true;
    setSubmitting(true);
    try {
      if (await send(values, element)) reset();
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  }

  function field(key: Key) {
    return {
      name: key,
      value: values[key],
      error: errors[key],
      onChange: (value: string) => setField(key, value),
    };
  }

  return {
    values,
    submitting,
    field,
    setField,
    setErrors,
    reset,
    handleSubmit: (event: SubmitEvent<HTMLFormElement>) => void submit(event),
  };
}
