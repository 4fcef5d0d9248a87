// Reporting (flagging) a comment or reply: what the member is told afterwards.
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';
import { FLAG_REASON_MAX, flagReasonOk } from './flag-rules';
import type { ToastInput } from '../../stores/toasts';

/** What is reported: someone else's comment or reply. */
export interface FlagTarget {
  kind: 'comment' | 'reply';
  id: string;
}

/** How a report ended: saved, refused because this member reported it before, or failed. */
export type FlagOutcome = 'done' | 'already' | 'failed';

/** The toast for each outcome. */
export function flagToast(outcome: FlagOutcome, kind: FlagTarget['kind']): ToastInput {
  switch (outcome) {
    case 'done':
      return {
        title: 'Report sent',
        description: `Thank you. A moderator will review this ${kind}.`,
        variant: 'success',
      };
    case 'already':
      return { title: 'Already reported', description: `You have already reported this ${kind}.` };
    case 'failed':
      return { title: `Failed to report ${kind}`, description: 'Please try again.', variant: 'destructive' };
  }
}

/** The report form: an optional reason. */
export type FlagField = 'reason';
export type FlagValues = Record<FlagField, string>;

export const EMPTY_FLAG: FlagValues = { reason: '' };

/**
 * Empty (no reason) or at most FLAG_REASON_MAX characters (flagReasonOk, the database's CHECK). The form's
 * button stays disabled while the reason is too long, so these words are the last line of defence.
 */
export const FLAG_RULES = formRules<FlagField>({
  reason: (value) =>
    flagReasonOk(value) ? undefined : `The reason must be ${FLAG_REASON_MAX} characters or fewer.`,
});

export function validateFlag(values: FlagValues): FieldErrors<FlagField> {
  return ruleErrors(FLAG_RULES, values);
}
