import { useId, type ReactNode } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { cn } from '../../../lib/utils';

/** A labelled select of a react-hook-form form, its error and hint tied to it like FormField's. */
export function SelectField<Values extends FieldValues>({
  name,
  label,
  hint,
  required = false,
  children,
}: {
  name: Path<Values>;
  label: string;
  hint?: ReactNode;
  /** Marked as FormField marks it: a star beside the label, aria-required on the select. */
  required?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<Values>();
  const error = getFieldState(name, formState).error?.message;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'bg-background text-foreground h-10 w-full rounded-md border px-3 focus-visible:outline-3',
          error ? 'border-destructive' : 'border-border',
        )}
        {...register(name)}
      >
        {children}
      </select>
      {hint && (
        <div id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
