import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type SubmitEvent } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors as HookFormErrors,
  type Path,
} from 'react-hook-form';
import type * as z from 'zod/mini';
import type { FieldErrors } from './validation';

export interface SubmitFormOptions<Values extends Record<string, string>> {
  /** The form's zod schema, built from src/lib/rules (`ruleSchema`, `ruleString`); its key order is the field order. */
  schema: z.ZodMiniObject;
  /** The values a fresh (and a reset) form starts with. */
  empty: Values;
  /**
   * Sends valid values; resolves to true when they were saved, and the form resets. It shows its own
   * toasts and outcome; `form` is the submitted element (e.g. to close the dialog it sits in).
   */
  send: (values: Values, form: HTMLFormElement) => Promise<boolean | void>;
}

/**
 * The one way a form submits (decision 0051): react-hook-form validates with the zod schema, shows each
 * field's message and focuses the first field that failed; valid values go to `send`, one send at a time,
 * with `submitting` true meanwhile for the button's busy label; the form resets when `send` says it saved.
 * Typing in a field clears that field's message until the next submit.
 */
export function useSubmitForm<Values extends Record<string, string>>({
  schema,
  empty,
  send,
}: SubmitFormOptions<Values>) {
  type Key = keyof Values & string;
  // Fields are controlled inputs (Field), not registered refs, so the hook focuses the first failing field
  // itself, by name, in the schema's order.
  const form = useForm<Values>({
    resolver: zodResolver(schema as never),
    defaultValues: empty as DefaultValues<Values>,
    shouldFocusError: false,
  });
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const values = useWatch({ control: form.control }) as Values;
  const order = Object.keys(schema.def.shape) as Key[];

  function setField(key: Key, value: string): void {
    form.setValue(key as Path<Values>, value as never);
    form.clearErrors(key as Path<Values>);
  }

  /** Shows messages that only the server could know (a refused password), focusing the first. */
  function setErrors(errors: FieldErrors<Key>, element?: HTMLFormElement | null): void {
    for (const key of order) {
      const message = errors[key];
      if (message) form.setError(key as Path<Values>, { message });
    }
    if (element) focusFirstInvalid(element, order, errors);
  }

  function reset(): void {
    form.reset(empty);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending.current) return;
    const element = event.currentTarget;
    sending.current = true;
    try {
      await form.handleSubmit(
        async (valid) => {
          setSubmitting(true);
          try {
            if (await send(valid as Values, element)) reset();
          } finally {
            setSubmitting(false);
          }
        },
        (errors: HookFormErrors<Values>) => focusFirstInvalid(element, order, messagesOf(errors, order)),
      )();
    } finally {
      sending.current = false;
    }
  }

  function field(key: Key) {
    return {
      name: key,
      value: values[key] ?? '',
      error: form.formState.errors[key]?.message as string | undefined,
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

function messagesOf<K extends string>(errors: HookFormErrors, order: readonly K[]): FieldErrors<K> {
  const messages: FieldErrors<K> = {};
  for (const key of order) {
    const message = errors[key]?.message;
    if (typeof message === 'string') messages[key] = message;
  }
  return messages;
}

/** Moves focus to the first field that failed, so keyboard and screen reader users land on the problem. */
function focusFirstInvalid<K extends string>(
  form: HTMLFormElement,
  order: readonly K[],
  errors: FieldErrors<K>,
) {
  const first = order.find((key) => errors[key]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}
