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
