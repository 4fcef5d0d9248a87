import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** The spec's catch-all failure text, for every action that has no message of its own. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** The generic failure toast ('Error' / SOMETHING_WENT_WRONG), one shape for every form and list. */
export const ERROR_TOAST = {
  title: 'Error',
  description: SOMETHING_WENT_WRONG,
  variant: 'destructive',
} as const;

/** How long a toast stays before it dismisses itself. */
export const TOAST_DURATION_MS = 6000;
/** Older toasts drop off so a burst of messages cannot cover the page. */
export const MAX_TOASTS = 3;

export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a toast in the page's toast region and returns its id. */
export function showToast(input: ToastInput): number {
  const toast: Toast = { id: nextId++, title: input.title, variant: input.variant ?? 'default' };
  if (input.description) toast.description = input.description;
  $toasts.set([...$toasts.get(), toast].slice(-MAX_TOASTS));
  if (typeof window !== 'undefined') window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
  return toast.id;
}

/** Tells the member an action failed, with the generic text. */
export function showErrorToast(): number {
  return showToast(ERROR_TOAST);
}

/** sessionStorage key of a toast that waits for the next page (see showToastOnNextPage). */
export const NEXT_PAGE_TOAST_KEY = 'toast:next-page';

/** Keeps a toast for the next page this tab opens, e.g. after deleting an account the home page says so. */
export function showToastOnNextPage(input: ToastInput): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify(input));
  } catch {
    // Storage disabled: the next page simply shows no message.
  }
}

/** Shows (once) the toast a previous page left for this one; the toaster calls it on every page. */
export function showWaitingToast(): void {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
    sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY);
  } catch {
    return;
  }
  if (!stored) return;
  try {
    const input = JSON.parse(stored) as ToastInput;
    if (typeof input.title === 'string') showToast(input);
  } catch {
    // Not ours or damaged: nothing to show.
  }
}
