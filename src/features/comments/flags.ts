// Reporting (flagging) a comment or reply: what the member is told afterwards.
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
