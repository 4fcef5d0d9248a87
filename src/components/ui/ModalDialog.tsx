import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A native modal <dialog> driven by React: the browser makes the page behind it inert, closes it on Escape
 * and returns focus to the button that opened it. Tab stays inside (wrapping at both ends).
 */
export function ModalDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('input, textarea, button')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function keepTabInside(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, textarea'),
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // The close event comes a task after the dialog closed; a keypress can reopen it in between (Escape,
      // then Enter on the button focus returned to), and that stale event must not close it again.
      onClose={() => {
        if (!ref.current?.open) onClose();
      }}
      // Escape: tell React at once (cancel comes before the dialog closes, in the same keypress), so `open` is
      // false before a next keypress can open it again; waiting for the close event left `open` true, and an
      // Enter in between then changed nothing.
      onCancel={onClose}
      onKeyDown={keepTabInside}
      className="bg-background text-foreground border-border m-auto w-full max-w-lg rounded-lg border p-6 backdrop:bg-black/60"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{open ? children : null}</div>
    </dialog>
  );
}
