import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { travellerProblems, type TravellerInput, type TravellerProblems } from '../../lib/rules';
import { localToday } from '../bookings/bookings';

type Key = keyof TravellerInput;
const FIELDS: {
  key: Key;
  label: string;
  type?: string;
  rows?: number;
  autoComplete?: string;
  required?: boolean;
}[] = [
  { key: 'full_name', label: 'Full name', required: true, autoComplete: 'off' },
  { key: 'date_of_birth', label: 'Date of birth', type: 'date' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' },
  { key: 'dietary_notes', label: 'Dietary notes', rows: 2 },
  { key: 'medical_notes', label: 'Medical notes', rows: 2 },
  { key: 'emergency_contact_name', label: 'Emergency contact name', autoComplete: 'off' },
  { key: 'emergency_contact_phone', label: 'Emergency contact phone', type: 'tel', autoComplete: 'off' },
];

/** Add or edit a traveller. Problems show once submitted, then update as the member types. */
export function TravellerForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: TravellerInput;
  busy: boolean;
  submitLabel: string;
  onSubmit: (input: TravellerInput) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const problems: TravellerProblems = submitted ? travellerProblems(values, localToday()) : {};

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = travellerProblems(values, localToday());
    const first = FIELDS.find((field) => found[field.key]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first.key}"]`)?.focus();
      return;
    }
    onSubmit(values);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label={submitLabel}>
      {FIELDS.map(({ key, ...spec }) => (
        <Field
          key={key}
          {...spec}
          id={`traveller-${key}`}
          name={key}
          value={values[key]}
          error={problems[key]}
          onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
        />
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
