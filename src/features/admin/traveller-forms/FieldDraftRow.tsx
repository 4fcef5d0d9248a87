import { useFormContext, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { KIND_LABELS, type FieldKind } from '../../traveller-forms/traveller-forms';
import { FormField } from '../ui/FormField';
import { SelectField } from '../events/SelectField';
import type { FormBuilderValues } from './form-builder-schema';

/** One question of the form being built: its wording, type, whether required, and a choice's options. */
export function FieldDraftRow({ index, onRemove }: { index: number; onRemove?: (() => void) | undefined }) {
  const { register, control } = useFormContext<FormBuilderValues>();
  const kind = useWatch({ control, name: `questions.${index}.kind` });
  const n = index + 1;
  return (
    <fieldset className="border-border grid gap-3 rounded-md border p-3 sm:grid-cols-[2fr_1fr_auto]">
      <legend className="px-1 text-sm font-medium">Question {n}</legend>
      <FormField<FormBuilderValues>
        name={`questions.${index}.label`}
        label={`Question ${n} text`}
        maxLength={120}
      />
      <SelectField<FormBuilderValues> name={`questions.${index}.kind`} label={`Question ${n} type`}>
        {(Object.keys(KIND_LABELS) as FieldKind[]).map((option) => (
          <option key={option} value={option}>
            {KIND_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end gap-3">
        <label className="flex items-center gap-2 py-2 text-sm">
          <input type="checkbox" {...register(`questions.${index}.required`)} />
          Required
        </label>
        {onRemove && (
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={onRemove}>
            Remove question {n}
          </button>
        )}
      </div>
      {kind === 'choice' && (
        <div className="sm:col-span-3">
          <FormField<FormBuilderValues>
            name={`questions.${index}.options`}
            label={`Question ${n} options, one a line`}
            rows={3}
          />
        </div>
      )}
    </fieldset>
  );
}
