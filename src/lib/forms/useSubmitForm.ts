import { useState, type SubmitEvent } from 'react';
import { focusFirstInvalid, useFormValues } from './useFormValues';
import { hasErrors, type FieldErrors } from './validation';

export type SubmitStatus = 'idle' | 'submitting';

export interface SubmitFormOptions<K extends string> {
  /** The values a fresh (and a reset) form starts with. */
  empty: Record<K, string>;
  /** Field order, for focusing the first field to fix. */
  order: readonly K[];
  validate: (values: Record<K, string>) => FieldErrors<K>;
  /**
   * Sends valid values; resolves to true when they were saved, and the form resets. It shows its own
   * toasts; `form` is the submitted element (e.g. to close the dialog it sits in).
   */
  send: (values: Record<K, string>, form: HTMLFormElement) => Promise<boolean>;
}

/**
 * A form that saves: idle → submitting (one send at a time, the button says so) → idle, reset when saved.
 * Invalid values are never sent: their errors show and focus goes to the first.
 */
export function useSubmitForm<K extends string>({ empty, order, validate, send }: SubmitFormOptions<K>) {
  const form = useFormValues(empty);
  const [status, setStatus] = useState<SubmitStatus>('idle');

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (status === 'submitting') return;
    const element = event.currentTarget;
    const found = validate(form.values);
    form.setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(element, order, found);
      return;
    }
    setStatus('submitting');
    try {
      if (await send(form.values, element)) form.reset();
    } finally {
      setStatus('idle');
    }
  }

  function field(key: K) {
    return {
      name: key,
      value: form.values[key],
      error: form.errors[key],
      onChange: (value: string) => form.setField(key, value),
    };
  }

  return {
    ...form,
    status,
    field,
    handleSubmit: (event: SubmitEvent<HTMLFormElement>) => void handleSubmit(event),
  };
}
