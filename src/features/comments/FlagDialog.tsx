import { useId } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { ModalDialog } from '../../components/ui/ModalDialog';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { characterCount } from '../../lib/rules';
import { showToast } from '../../stores/toasts';
import { FLAG_REASON_MAX, flagReasonOk } from './flag-rules';
import { EMPTY_FLAG, FLAG_RULES, flagToast, type FlagTarget } from './flags';
import { flagPost } from './flags.data';

/** FlagButton's dialog: an optional reason, then the report (loaded when a member first opens one). */
export function FlagDialog({
  target,
  open,
  onClose,
}: {
  target: FlagTarget;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={open} title={`Report this ${target.kind}`} onClose={onClose}>
      <FlagForm target={target} onDone={onClose} />
    </ModalDialog>
  );
}

function FlagForm({ target, onDone }: { target: FlagTarget; onDone: () => void }) {
  const id = useId();
  const { field, values, submitting, handleSubmit } = useSubmitForm({
    rules: FLAG_RULES,
    empty: EMPTY_FLAG,
    send: async ({ reason }) => {
      const outcome = await flagPost(target, reason).catch(() => 'failed' as const);
      showToast(flagToast(outcome, target.kind));
      if (outcome === 'failed') return false;
      onDone();
      return true;
    },
  });
  const reason = field('reason');
  const count = characterCount(values.reason.trim());
  const ok = flagReasonOk(values.reason);

  return (
    <form onSubmit={handleSubmit} className="grid gap-2">
      <p className="text-muted-foreground text-sm">
        A moderator will look at it. Only moderators see who reported it.
      </p>
      <label htmlFor={id} className="text-sm font-medium">
        Reason (optional)
      </label>
      <textarea
        id={id}
        name={reason.name}
        value={reason.value}
        rows={3}
        onChange={(event) => reason.onChange(event.target.value)}
        aria-describedby={reason.error ? `${id}-count ${id}-error` : `${id}-count`}
        aria-invalid={!ok || Boolean(reason.error) || undefined}
        className="border-border bg-background text-foreground w-full rounded-md border px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-1"
      />
      <p id={`${id}-count`} className={ok ? 'text-muted-foreground text-sm' : 'text-destructive text-sm'}>
        {count}/{FLAG_REASON_MAX} characters
      </p>
      {reason.error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {reason.error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass('outline', 'sm')}>
          Cancel
        </button>
        <button type="submit" disabled={!ok || submitting} className={buttonClass('primary', 'sm')}>
          Report
        </button>
      </div>
    </form>
  );
}
