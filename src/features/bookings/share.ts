/**
 * Share Experience on /completed-events: the Web Share API where the browser has it (phones, some
 * desktops), else the link copied to the clipboard. What happened decides the toast.
 */
import type { ToastInput } from '../../stores/toasts';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareTarget {
  title: string;
  text: string;
  url: string;
}

/** The parts of `navigator` this needs, so tests can hand in a browser with or without them. */
export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

export async function shareOrCopy(target: ShareTarget, nav: ShareNavigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function' && (nav.canShare?.(target) ?? true)) {
    try {
      await nav.share(target);
      return 'shared';
    } catch (error) {
      // The member closed the share sheet: nothing to say. Any other refusal falls back to copying.
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(target.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The toast after sharing; none when the browser's own share sheet did the work or was closed. */
export function shareToast(outcome: ShareOutcome): ToastInput | null {
  if (outcome === 'copied')
    return {
      title: 'Link copied',
      description: 'The link to this event is on your clipboard, ready to share.',
      variant: 'success',
    };
  if (outcome === 'failed')
    return {
      title: 'Error',
      description: 'We could not share or copy the link. Please try again.',
      variant: 'destructive',
    };
  return null;
}

/** The event's public page, the one worth sharing (the member's booking page is theirs alone). */
export function eventShareTarget(event: { id: string; title: string }, origin: string): ShareTarget {
  return {
    title: event.title,
    text: `I went on the ${event.title}. Have a look at the trip and what the group said about it.`,
    url: `${origin}/event-details/${event.id}`,
  };
}
