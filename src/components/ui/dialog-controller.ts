/**
 * Wires every native <dialog> on the page through data attributes, so static markup and React islands
 * open and close dialogs the same way without shipping a framework:
 *   data-dialog-open="id"  opens the dialog with that id as a modal
 *   data-dialog-close      closes the dialog it sits in (both together: close this one, then open the other)
 * The browser's modal dialog already makes the page behind it inert and closes on Escape; this adds
 * closing by clicking the backdrop and keeps Tab cycling inside the open dialog.
 */
import { firstField } from '../../lib/islands/first-field';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(dialog: HTMLDialogElement): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Opens a dialog as a modal; one that holds a form starts on its first field (if the form is there yet). */
export function openDialog(id: string): void {
  const dialog = document.getElementById(id);
  if (!(dialog instanceof HTMLDialogElement) || dialog.open) return;
  dialog.showModal();
  firstField(dialog)?.focus();
}

function handleClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;

  // A click on the dialog element itself (not its content box) is a click on the backdrop.
  if (target instanceof HTMLDialogElement && target.open) {
    const box = target.getBoundingClientRect();
    const outside =
      event.clientX < box.left ||
      event.clientX > box.right ||
      event.clientY < box.top ||
      event.clientY > box.bottom;
    if (outside) target.close();
    return;
  }

  const closer = target.closest('[data-dialog-close]');
  if (closer) closer.closest('dialog')?.close();

  const opener = target.closest<HTMLElement>('[data-dialog-open]');
  const id = opener?.dataset['dialogOpen'];
  if (id) openDialog(id);
}

function handleKeydown(event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const active = document.activeElement;
  const dialog = active?.closest('dialog[open]');
  if (!(dialog instanceof HTMLDialogElement)) return;
  const focusable = focusableIn(dialog);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

// Module scripts run once per page even when several components import this file.
document.addEventListener('click', handleClick);
document.addEventListener('keydown', handleKeydown);
