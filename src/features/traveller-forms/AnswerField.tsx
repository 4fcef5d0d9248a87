import type { FormFieldDef } from './traveller-forms';

const controlClass =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-foreground focus-visible:outline-3 focus-visible:outline-offset-1';

/** One question as the member answers it: a text box, a list of options, a date, or yes/no. */
export function AnswerField({
  formId,
  field,
  value,
  onChange,
}: {
  formId: string;
  field: FormFieldDef;
  value: string | boolean | null | undefined;
  onChange: (value: string | boolean | null) => void;
}) {
  const id = `${formId}-${field.key}`;
  const label = `${field.label}${field.required ? ' (required)' : ''}`;
  if (field.kind === 'yes_no') {
    return (
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{label}</legend>
        <div className="flex gap-4">
          {[true, false].map((choice) => (
            <label key={String(choice)} className="flex items-center gap-2 text-sm">
              <input type="radio" name={id} checked={value === choice} onChange={() => onChange(choice)} />
              {choice ? 'Yes' : 'No'}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {field.kind === 'choice' ? (
        <select
          id={id}
          className={controlClass}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value || null)}
        >
          <option value="">Choose</option>
          {(field.options ?? []).map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : field.kind === 'date' ? (
        <input
          id={id}
          type="date"
          className={controlClass}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value || null)}
        />
      ) : (
        <textarea
          id={id}
          rows={2}
          maxLength={2000}
          className={controlClass}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}
