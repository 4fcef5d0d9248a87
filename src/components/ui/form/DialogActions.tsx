import type { ReactNode } from 'react';
import { buttonClass } from '../button-styles';

interface DialogActionsProps {
  /** The database's refusal in its words, shown above the buttons; nothing when there is none. */
  refusal?: string | null;
  submitting: boolean;
  onClose: () => void;
  /** The button that leaves without doing anything: 'Close' unless the dialog says otherwise. */
  closeLabel?: string;
  /** The submit button's label while sending, e.g. 'Refunding…'. */
  busyLabel: string;
  children: ReactNode;
}

/** The foot of an admin's form dialog: the refusal, if any, then leave and do-it buttons, both held while sending. */
export function DialogActions({
  refusal,
  submitting,
  onClose,
  closeLabel = 'Close',
  busyLabel,
  children,
}: DialogActionsProps) {
  return (
    <>
      {refusal && (
        <p role="alert" className="text-destructive">
          {refusal}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onClose} disabled={submitting}>
          {closeLabel}
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={submitting}>
          {submitting ? busyLabel : children}
        </button>
      </div>
    </>
  );
}
