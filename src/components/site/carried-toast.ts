/**
 * A toast shown right before the page changes (the spec's 'Welcome back!' then /events) would vanish with
 * the page: it is also kept in this tab's sessionStorage and shown once more by the next page's chrome.
 */
import { showToast, type ToastInput } from '../../stores/toasts';

const KEY = 'carried-toast';

/** Shows the toast now and on the next page this tab opens. */
export function showToastAcrossNavigation(input: ToastInput): void {
  showToast(input);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(input));
  } catch {
    // No storage (blocked, sandboxed): the toast is shown here only.
  }
}

function asToast(value: unknown): ToastInput | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, description, variant } = value as Record<string, unknown>;
  if (typeof title !== 'string') return null;
  const toast: ToastInput = { title };
  if (typeof description === 'string') toast.description = description;
  if (variant === 'success' || variant === 'destructive' || variant === 'default') toast.variant = variant;
  return toast;
}

/** On page load: the toast the previous page carried over, shown once. */
export function showCarriedToast(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const toast = asToast(JSON.parse(raw));
    if (toast) showToast(toast);
  } catch {
    // Not ours or damaged: nothing to show.
  }
}
