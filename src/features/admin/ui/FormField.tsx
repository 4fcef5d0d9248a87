import { useId, type InputHTMLAttributes } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { cn } from '../../../lib/utils';

const controlClass =
  'w-full rounded-md border bg-background px-3 py-2 text-foreground focus-visible:outline-3 focus-visible:outline-offset-1';

/**
 * A labelled input (or textarea, with `rows`) of a react-hook-form form: registered by name, its schema
 * error shown under it and tied to it (aria-invalid + aria-describedby), a hint when given.
 */
export function FormField<Values extends FieldValues>({
  name,
  label,
  hint,
  rows,
  className,
  ...input
}: {
  name: Path<Values>;
  label: string;
  hint?: string;
  rows?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<Values>();
  const error = getFieldState(name, formState).error?.message;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: cn(controlClass, error ? 'border-destructive' : 'border-border', className),
    ...register(name),
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      {rows ? <textarea rows={rows} {...shared} /> : <input {...input} {...shared} />}
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
