import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import type { TravellerInput } from './traveller-rules';
import { TRAVELLER_RULES, type TravellerField } from './travellers';

const FIELDS: {
  key: TravellerField;
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

/**
 * Add or edit a traveller. Problems show once submitted, then update as the member types. `onSubmit`
 * resolves once the save is over (its outcome is the caller's to show); the busy label shows meanwhile.
 */
export function TravellerForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: TravellerInput;
  submitLabel: string;
  onSubmit: (input: TravellerInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { field, submitting, handleSubmit } = useSubmitForm<Record<TravellerField, string>>({
    rules: TRAVELLER_RULES,
    empty: initial,
    whileTyping: 'revalidate',
    send: onSubmit,
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label={submitLabel}>
      {FIELDS.map(({ key, ...spec }) => (
        <Field key={key} {...spec} id={`traveller-${key}`} {...field(key)} />
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={submitting}>
          {submitting ? 'Saving...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
