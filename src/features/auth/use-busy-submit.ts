import { useRef, useState, type SubmitEvent } from 'react';
import { hasErrors, type FieldErrors } from '../../lib/forms/validation';

/**
 * Submitting an auth form: validate (errors shown, first one focused, by the validated form's own submit),
 * then run `send` once at a time, with `busy` true meanwhile for the button's busy label.
 */
export function useBusySubmit<K extends string>(
  form: {
    values: Record<K, string>;
    handleSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  },
  validate: (values: Record<K, string>) => FieldErrors<K>,
  send: (values: Record<K, string>) => Promise<void>,
) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    form.handleSubmit(event);
    if (running.current || hasErrors(validate(form.values))) return;
    running.current = true;
    setBusy(true);
    try {
      await send(form.values);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return { busy, onSubmit: (event: SubmitEvent<HTMLFormElement>) => void onSubmit(event) };
}
