import { CONSENT_TICKED, isConsentTicked, MARKETING_CONSENT_LABEL } from './consent';

interface ConsentCheckboxProps {
  id: string;
  /** '' (unticked, the default) or CONSENT_TICKED. */
  value: string;
  onChange: (value: string) => void;
}

/** The marketing e-mail box: never ticked for the person, the label is the whole promise. */
export function ConsentCheckbox({ id, value, onChange }: ConsentCheckboxProps) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        name="marketingConsent"
        type="checkbox"
        checked={isConsentTicked(value)}
        onChange={(event) => onChange(event.target.checked ? CONSENT_TICKED : '')}
        className="accent-primary mt-0.5 size-4 shrink-0"
      />
      <label htmlFor={id}>{MARKETING_CONSENT_LABEL}</label>
    </div>
  );
}
