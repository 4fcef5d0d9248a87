import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/ModalDialog';

/**
 * Asks before anything destructive (remove, cancel, revoke): a modal that names what will happen, with the
 * safe choice first. `onConfirm` runs once; the dialog stays open, busy, until it settles.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <ModalDialog open={open} title={title} onClose={onClose}>
      <p className="mt-3">{message}</p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onClose} disabled={busy}>
          Keep it
        </button>
        <button
          type="button"
          className={buttonClass('primary', 'md', 'bg-destructive text-background hover:bg-destructive/90')}
          onClick={() => void confirm()}
          disabled={busy}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
