import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import type { FlagTarget } from './flags';

// The dialog, its form and its rules are downloaded when a member first opens one (issue 25): the events
// page shows a Report button on every other member's comment and reply, and its first render needs none of it.
const FlagDialog = lazy(() => import('./FlagDialog').then((module) => ({ default: module.FlagDialog })));

/**
 * 'Report' on someone else's comment or reply: a dialog asks for an optional reason, then a toast says the
 * report was sent, or that this member had reported it already. The dialog is native (Escape closes it,
 * focus returns to the button, Tab stays inside); it is rendered from its first opening on.
 */
export function FlagButton({ target, author }: { target: FlagTarget; author: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={buttonClass('ghost', 'sm')}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Report
        <span className="sr-only">
          {' '}
          {target.kind} by {author}
        </span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <FlagDialog target={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
