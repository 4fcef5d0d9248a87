import type { ChangeEvent, HTMLInputTypeAttribute, ReactNode } from 'react';
import { cn } from '../../../lib/utils';

interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  /** Renders a textarea with this many rows instead of an input. */
  rows?: number;
  maxLength?: number;
  /** Something to place inside the input's box, such as a show/hide password toggle. */
  trailing?: ReactNode;
}

const controlClass =
  'w-full rounded-md border bg-background px-3 py-2 text-foreground placeholder:text-muted-foreground ' +
  'focus-visible:outline-3 focus-visible:outline-offset-1';

/** A labelled input whose error is announced and tied to it (aria-invalid + aria-describedby). */
export function Field(props: FieldProps) {
  const { id, name, label, value, onChange, error, required = false, type = 'text', rows, trailing } = props;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    value,
    required,
    maxLength: props.maxLength,
    autoComplete: props.autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: cn(
      controlClass,
      error ? 'border-destructive' : 'border-border',
      trailing ? 'pe-24' : undefined,
    ),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className="space-y-1.5">
      {/* Markers sit beside the label, not in it, so the accessible name is exactly the label text. */}
      <div className="flex items-baseline gap-1 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        ) : (
          <span className="text-muted-foreground">(optional)</span>
        )}
      </div>
      <div className="relative">
        {rows ? <textarea rows={rows} {...shared} /> : <input type={type} {...shared} />}
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
