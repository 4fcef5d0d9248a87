import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { buttonClass } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { formatDateTime } from '../../../lib/format/dates';
import { ruleString } from '../../../lib/forms/rule-schema';
import { FLAG_REASON_MAX, flagReason, flagReasonOk } from '../../comments/flag-rules';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { daysLabel, SUSPENSION_DAYS, suspensionEnd } from './moderation';
import { suspendCommenter } from './moderation.data';

// A suspension's reason follows the report's rule (the same CHECK: not blank, at most 500 characters).
const REASON_MAX = FLAG_REASON_MAX;

const suspendSchema = z.object({
  days: z.literal(SUSPENSION_DAYS),
  reason: ruleString((value) => (flagReasonOk(value) ? undefined : `At most ${REASON_MAX} characters.`)),
});
type Suspension = z.infer<typeof suspendSchema>;

/**
 * Suspends a post's author from commenting for a number of days. The database refuses their comments and
 * replies until then, telling them until when. The reason is checked as it is typed (a count, then the
 * rule's message), and Suspend waits until it fits.
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
  const form = useForm<Suspension>({
    resolver: zodResolver(suspendSchema),
    defaultValues: { days: 7, reason: '' },
    mode: 'onChange',
  });
  const typed = useWatch({ control: form.control, name: 'reason' });
  const { errors, isSubmitting } = form.formState;

  async function suspend({ days, reason }: Suspension) {
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
    }
  }

  return (
    <ModalDialog open={open} title={`Suspend ${member.name} from commenting`} onClose={onClose}>
      <FormProvider {...form}>
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={(event) => void form.handleSubmit(suspend)(event)}
        >
          <div className="space-y-1">
            <label htmlFor="suspend-days" className="block text-sm font-medium">
              For how long
            </label>
            <select
              id="suspend-days"
              className="border-input bg-background w-full rounded-md border px-3 py-2"
              {...form.register('days', { valueAsNumber: true })}
            >
              {SUSPENSION_DAYS.map((option) => (
                <option key={option} value={option}>
                  {daysLabel(option)}
                </option>
              ))}
            </select>
          </div>
          <FormField<Suspension>
            name="reason"
            label="Reason (optional, for the team)"
            rows={3}
            hint={`${typed.length} / ${REASON_MAX}`}
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className={buttonClass('outline')}
              onClick={onClose}
              disabled={isSubmitting}
            >
              Cancel
            </button>
            <button
              type="submit"
              className={buttonClass('primary')}
              disabled={isSubmitting || errors.reason !== undefined}
            >
              {isSubmitting ? 'Suspending…' : 'Suspend'}
            </button>
          </div>
        </form>
      </FormProvider>
    </ModalDialog>
  );
}
