/**
 * Renders the toast store into the page's two live regions: polite (role=status) for news and success,
 * assertive (role=alert) for failures. While a modal dialog is open the rest of the page is inert, so the
 * regions move into the topmost open dialog and back out when it closes.
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

function placeHost(): void {
  if (!host) return;
  const modals = document.querySelectorAll('dialog:modal');
  const target = modals[modals.length - 1] ?? document.body;
  if (host.parentElement !== target) target.append(host);
}

$toasts.subscribe((toasts) => {
  if (!polite || !assertive) return;
  placeHost();
  polite.replaceChildren(...toasts.filter((t) => t.variant !== 'destructive').map(renderToast));
  assertive.replaceChildren(...toasts.filter((t) => t.variant === 'destructive').map(renderToast));
});

// 'close' does not bubble; listen in the capture phase to hear every dialog closing.
document.addEventListener('close', () => placeHost(), true);

// A toast the previous page left for this one (e.g. 'Account deleted' on the home page).
showWaitingToast();
