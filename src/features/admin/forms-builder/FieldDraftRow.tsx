import { buttonClass } from '../../../components/ui/button-styles';
import { KIND_LABELS, type FieldDraft, type FieldKind } from '../../traveller-forms/traveller-forms';
import { controlClass } from './field-styles';

/** One question of the form being built: its wording, type, whether required, and a choice's options. */
export function FieldDraftRow({
  index,
  draft,
  onChange,
  onRemove,
}: {
  index: number;
  draft: FieldDraft;
  onChange: (draft: FieldDraft) => void;
  onRemove?: (() => void) | undefined;
}) {
  const id = `field-${index}`;
  const n = index + 1;
  return (
    <fieldset className="border-border grid gap-3 rounded-md border p-3 sm:grid-cols-[2fr_1fr_auto]">
      <legend className="px-1 text-sm font-medium">Question {n}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-label`} className="text-sm font-medium">
          Question {n} text
        </label>
        <input
          id={`${id}-label`}
          className={controlClass}
          value={draft.label}
          maxLength={120}
          onChange={(event) => onChange({ ...draft, label: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-kind`} className="text-sm font-medium">
          Question {n} type
        </label>
        <select
          id={`${id}-kind`}
          className={controlClass}
          value={draft.kind}
          onChange={(event) => onChange({ ...draft, kind: event.target.value as FieldKind })}
        >
          {(Object.keys(KIND_LABELS) as FieldKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-3">
        <label className="flex items-center gap-2 py-2 text-sm">
          <input
            type="checkbox"
            checked={draft.required}
            onChange={(event) => onChange({ ...draft, required: event.target.checked })}
          />
          Required
        </label>
        {onRemove && (
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={onRemove}>
            Remove question {n}
          </button>
        )}
      </div>
      {draft.kind === 'choice' && (
        <div className="flex flex-col gap-1 sm:col-span-3">
          <label htmlFor={`${id}-options`} className="text-sm font-medium">
            Question {n} options, one a line
          </label>
          <textarea
            id={`${id}-options`}
            className={controlClass}
            rows={3}
            value={draft.options}
            onChange={(event) => onChange({ ...draft, options: event.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
