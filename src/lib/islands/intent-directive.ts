/**
 * `client:intent`: hydrate an island when the visitor shows they are about to use it, so a visitor who only
 * reads the page never downloads React. For an island inside a <dialog>, intent is a hover, focus or touch
 * on any element that opens that dialog (`data-dialog-open="<dialog id>"`), or the dialog opening by any
 * other way. Until the island's React tree has mounted (it announces that with ISLAND_READY_EVENT) the
 * server-rendered form stays inert: visible and the same size, so nothing moves, but no typing or submit
 * can get lost before React owns the fields. Once ready, focus moves to its first field if the dialog is
 * open and focus is still where opening the dialog put it. An island outside any dialog hydrates when idle.
 * See docs/decisions/0006-native-dialogs-for-the-js-budget.md.
 */
import type { ClientDirective } from 'astro';
import { firstField } from './first-field';
import { ISLAND_READY_EVENT } from './island-ready';

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Focus has not been moved by the visitor since the dialog opened: it is on the dialog or its first control. */
function focusUntouched(dialog: HTMLDialogElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === dialog) return true;
  return active === dialog.querySelector('button, [href], input, select, textarea, [tabindex]');
}

const intentDirective: ClientDirective = (load, _options, island) => {
  let started = false;
  let stopWatching = () => {};
  const start = () => {
    if (started) return;
    started = true;
    stopWatching();
    void load().then((hydrate) => hydrate());
  };

  const dialog = island.closest('dialog');
  if (!dialog?.id) {
    ('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(start);
    return;
  }

  island.inert = true;
  island.setAttribute('aria-busy', 'true');
  island.addEventListener(
    ISLAND_READY_EVENT,
    () => {
      island.inert = false;
      island.removeAttribute('aria-busy');
      if (dialog.open && focusUntouched(dialog)) firstField(island)?.focus();
    },
    { once: true },
  );

  const opener = `[data-dialog-open="${CSS.escape(dialog.id)}"]`;
  const onIntent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(opener)) start();
  };
  const opened = new MutationObserver(() => {
    if (dialog.open) start();
  });
  stopWatching = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    opened.disconnect();
  };
  for (const type of INTENT_EVENTS)
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  opened.observe(dialog, { attributes: true, attributeFilter: ['open'] });
  if (dialog.open) start();
};

export default intentDirective;
