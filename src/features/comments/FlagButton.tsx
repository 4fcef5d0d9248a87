import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { characterCount, FLAG_REASON_MAX, flagReasonOk } from '../../lib/rules';
import { showToast } from '../../stores/toasts';
import { ModalDialog } from '../../components/ui/ModalDialog';
import { flagToast, type FlagTarget } from './flags';
import { flagPost } from './flags.data';

/**
 * 'Report' on someone else's comment or reply: a dialog asks for an optional reason, then a toast says the
 * report was sent, or that this member had reported it already. The dialog is native (Escape closes it,
 * focus returns to the button, Tab stays inside).
 */
export function FlagButton({ target, author }: { target: FlagTarget; author: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={buttonClass('ghost', 'sm')}
        onClick={() => setOpen(true)}
      >
        Report
        <span className="sr-only">
          {' '}
          {target.kind} by {author}
        </span>
      </button>
      <ModalDialog open={open} title={`Report this ${target.kind}`} onClose={() => setOpen(false)}>
        <FlagForm target={target} onDone={() => setOpen(false)} />
      </ModalDialog>
    </>
  );
}

function FlagForm({ target, onDone }: { target: FlagTarget; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const count = characterCount(reason.trim());
  const ok = flagReasonOk(reason);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ok || busy) return;
    setBusy(true);
    const outcome = await flagPost(target, reason).catch(() => 'failed' as const);
    setBusy(false);
    showToast(flagToast(outcome, target.kind));
    if (outcome !== 'failed') onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2">
      <p className="text-muted-foreground text-sm">
        A moderator will look at it. Only moderators see who reported it.
      </p>
      <label htmlFor={id} className="text-sm font-medium">
        Reason (optional)
      </label>
      <textarea
        id={id}
        value={reason}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
        aria-describedby={`${id}-count`}
        aria-invalid={!ok || undefined}
        className="border-border bg-background text-foreground w-full rounded-md border px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-1"
      />
      <p id={`${id}-count`} className={ok ? 'text-muted-foreground text-sm' : 'text-destructive text-sm'}>
        {count}/{FLAG_REASON_MAX} characters
      </p>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass('outline', 'sm')}>
          Cancel
        </button>
        <button type="submit" disabled={!ok || busy} className={buttonClass('primary', 'sm')}>
          Report
        </button>
      </div>
    </form>
  );
}
