import { formatDateTime } from '../../../lib/format/dates';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { FLAG_REASON_MAX, flagReason, flagReasonOk } from '../../../lib/rules/flags';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { daysLabel, SUSPENSION_DAYS, suspensionEnd } from './moderation';
import { suspendCommenter } from './moderation.data';

// A suspension's reason follows the report's rule (the same CHECK: not blank, at most 500 characters).
const REASON_MAX = FLAG_REASON_MAX;

/**
 * Suspends a post's author from commenting for a number of days. The database refuses their comments and
 * replies until then, telling them until when.
 */
export function SuspendDialog({
  open,
  member,
  onClose,
  onDone,
}: {
  open: boolean;
  member: { id: string; name: string };
  onClose: () => void;
  onDone: () => void;
}) {
  const [days, setDays] = useState(7);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const tooLong = !flagReasonOk(reason);

  async function suspend() {
    if (tooLong) return;
    setBusy(true);
    try {
      const until = suspensionEnd(days);
      await suspendCommenter(member.id, until, flagReason(reason));
      showToast({
        title: 'Member suspended',
        description: `${member.name} cannot comment until ${formatDateTime(until.toISOString())}.`,
        variant: 'success',
      });
      onDone();
    } catch {
      showErrorToast();
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open={open} title={`Suspend ${member.name} from commenting`} onClose={onClose}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void suspend();
        }}
      >
        <div className="space-y-1">
          <label htmlFor="suspend-days" className="block text-sm font-medium">
            For how long
          </label>
          <select
            id="suspend-days"
            className="border-input bg-background w-full rounded-md border px-3 py-2"
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {SUSPENSION_DAYS.map((option) => (
              <option key={option} value={option}>
                {daysLabel(option)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="suspend-reason" className="block text-sm font-medium">
            Reason (optional, for the team)
          </label>
          <textarea
            id="suspend-reason"
            rows={3}
            className="border-input bg-background w-full rounded-md border px-3 py-2"
            value={reason}
            aria-invalid={tooLong}
            aria-describedby="suspend-reason-help"
            onChange={(event) => setReason(event.target.value)}
          />
          <p
            id="suspend-reason-help"
            className={tooLong ? 'text-destructive text-sm' : 'text-muted-foreground text-sm'}
          >
            {tooLong ? `At most ${REASON_MAX} characters.` : `${reason.length} / ${REASON_MAX}`}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('outline')} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy || tooLong}>
            {busy ? 'Suspending…' : 'Suspend'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
