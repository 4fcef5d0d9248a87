/**
 * Renders the toast store into the page's two live regions: polite (role=status) for news and success,
 * assertive (role=alert) for failures. The region is a manual popover in the top layer, outside every
 * dialog, so a dialog removed while open cannot take its toasts with it; it is raised above each modal
 * dialog that opens. A modal dialog makes everything outside it inert (the popover included: hidden from
 * assistive technology, whatever its place in the top layer), so while one is open the dialog itself
 * announces each new toast. docs/decisions/0046-audit-nouns-ports-and-toasts.md says why.
 */
import { $toasts, dismissToast, showWaitingToast, type Toast } from '../../stores/toasts';

const host = document.getElementById('toaster');
const polite = host?.querySelector<HTMLElement>('[data-toasts="polite"]');
const assertive = host?.querySelector<HTMLElement>('[data-toasts="assertive"]');

const variantClass: Record<Toast['variant'], string> = {
  default: 'border-border',
  success: 'border-success',
  destructive: 'border-destructive',
};

function renderToast(toast: Toast): HTMLElement {
  const item = document.createElement('div');
  item.className = `bg-card text-card-foreground pointer-events-auto flex items-start gap-3 rounded-lg border-2 p-4 shadow-xl ${variantClass[toast.variant]}`;
  const text = document.createElement('div');
  text.className = 'flex-1';
  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = toast.title;
  text.append(title);
  if (toast.description) {
    const description = document.createElement('p');
    description.className = 'text-muted-foreground mt-1 text-sm';
    description.textContent = toast.description;
    text.append(description);
  }
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'hover:bg-muted -m-1 rounded px-2 py-1 text-sm';
  dismiss.textContent = 'Dismiss';
  dismiss.addEventListener('click', () => dismissToast(toast.id));
  item.append(text, dismiss);
  return item;
}

const topModal = (): HTMLDialogElement | undefined =>
  Array.from(document.querySelectorAll<HTMLDialogElement>('dialog:modal')).at(-1);

/** Shows the region (again) at the top of the top layer: above every dialog opened before now. */
function raise(): void {
  if (!host || typeof host.showPopover !== 'function') return;
  if (host.matches(':popover-open')) host.hidePopover();
  host.showPopover();
}

const announced = new Set<number>();

/** Element.ariaNotify (Chromium 138+), not yet in TypeScript's DOM types. */
interface Notifier {
  ariaNotify?: (text: string, options: { priority: 'normal' | 'high' }) => void;
}

/** Has the open modal dialog say what each new toast says (its live regions outside are inert now). */
function announce(toasts: readonly Toast[]): void {
  const dialog = topModal();
  for (const toast of toasts) {
    if (announced.has(toast.id)) continue;
    announced.add(toast.id);
    if (!dialog) continue;
    const text = [toast.title, toast.description].filter(Boolean).join('. ');
    const priority = toast.variant === 'destructive' ? 'high' : 'normal';
    const { ariaNotify } = dialog as Notifier;
    if (typeof ariaNotify === 'function') ariaNotify.call(dialog, text, { priority });
    else echoInside(dialog, text, priority === 'high');
  }
  const shown = new Set(toasts.map((toast) => toast.id));
  for (const id of announced) if (!shown.has(id)) announced.delete(id);
}

/** Without ariaNotify: a visually hidden live region inside the dialog, made first, then given the text. */
function echoInside(dialog: HTMLDialogElement, text: string, urgent: boolean): void {
  let echo = dialog.querySelector<HTMLElement>(':scope > [data-toast-echo]');
  if (!echo) {
    echo = document.createElement('div');
    echo.dataset['toastEcho'] = '';
    echo.className = 'sr-only';
    dialog.append(echo);
  }
  echo.setAttribute('role', urgent ? 'alert' : 'status');
  const line = document.createElement('p');
  line.textContent = text;
  const region = echo;
  setTimeout(() => region.replaceChildren(line), 100);
}

$toasts.subscribe((toasts) => {
  if (!polite || !assertive) return;
  if (topModal()) raise();
  polite.replaceChildren(...toasts.filter((t) => t.variant !== 'destructive').map(renderToast));
  assertive.replaceChildren(...toasts.filter((t) => t.variant === 'destructive').map(renderToast));
  announce(toasts);
});

// A dialog's 'toggle' (it opened) and 'close' do not bubble: listen in the capture phase for every dialog.
document.addEventListener(
  'toggle',
  (event) => {
    if (event.target instanceof HTMLDialogElement && (event as ToggleEvent).newState === 'open') raise();
  },
  true,
);
document.addEventListener(
  'close',
  (event) => {
    if (event.target instanceof HTMLDialogElement) event.target.querySelector('[data-toast-echo]')?.remove();
  },
  true,
);
raise();

// A toast the previous page left for this one (e.g. 'Account deleted' on the home page).
showWaitingToast();
