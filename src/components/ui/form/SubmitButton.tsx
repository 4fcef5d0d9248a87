import type { ReactNode } from 'react';
import { buttonClass } from '../button-styles';

interface SubmitButtonProps {
  submitting: boolean;
  /** The spec's busy label, e.g. 'Adding...'. */
  busyLabel: string;
  children: ReactNode;
}

/**
 * A form's submit button. While sending it shows the busy label and is aria-disabled rather than
 * disabled, so keyboard focus stays on it (a disabled button drops focus); the form ignores the repeat.
 */
export function SubmitButton({ submitting, busyLabel, children }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      aria-disabled={submitting || undefined}
      className={buttonClass('primary', 'md', 'w-full aria-disabled:cursor-wait')}
    >
      {submitting ? busyLabel : children}
    </button>
  );
}
