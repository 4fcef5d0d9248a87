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
  /**
   * What a change does to the messages: `'clear'` (the default) clears that field's message until the next
   * submit; `'revalidate'` re-runs every rule on each change once the form has been submitted (a rule may
   * read other values), so each field shows its current message as the member types (traveller details).
   */
  whileTyping?: 'clear' | 'revalidate';
}

/**
 * The messages once `key` has changed and the values are `next`: every rule's current message when
 * `revalidate` (a rule may read other values), else the old ones without that field's.
 */
export function messagesAfterChange<K extends string>(
  rules: FormRules<K>,
  errors: FieldErrors<K>,
  key: K,
  next: Record<K, string>,
  revalidate: boolean,
): FieldErrors<K> {
  if (revalidate) return ruleErrors(rules, next);
  if (!errors[key]) return errors;
  const rest = { ...errors };
  delete rest[key];
  return rest;
}

/**
 * The one way a site form submits (decision 0051): every rule runs, each field shows its message and focus
 * goes to the first field that failed; valid values go to `send`, one send at a time, with `submitting` true
 * meanwhile for the button's busy label; the form resets when `send` says it saved. Typing in a field clears
 * that field's message until the next submit, or with `whileTyping: 'revalidate'` shows its current message
 * once the form has been submitted. (The admin forms use react-hook-form with the same rules.)
 */
export function useSubmitForm<Values extends Record<string, string>>({
  rules,
  empty,
  send,
  whileTyping = 'clear',
}: SubmitFormOptions<Values>) {
  type Key = keyof Values & string;
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrorState] = useState<FieldErrors<Key>>({});
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  // The values as the last change left them (several changes may land before the next render).
  const latest = useRef<Values>(values);
  const submitted = useRef(false);
  const order = Object.keys(rules) as Key[];

  function setField(key: Key, value: string): void {
    const next = { ...latest.current, [key]: value };
    latest.current = next;
    setValues(next);
    const revalidate = whileTyping === 'revalidate' && submitted.current;
    setErrorState((current) => messagesAfterChange(rules, current, key, next, revalidate));
  }

  /** Shows messages that only the server could know (a refused password). */
  function setErrors(found: FieldErrors<Key>): void {
    setErrorState(found);
  }

  function reset(): void {
    latest.current = empty;
    submitted.current = false;
    setValues(empty);
    setErrorState({});
  }

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending.current) return;
    const element = event.currentTarget;
    const current = latest.current;
    submitted.current = true;
    const found = ruleErrors(rules, current);
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
      if (await send(current, element)) reset();
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
