import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { makeWaitingRefunds } from '../bookings/card-refunds.data';
import { changeEventStatus, type AdminEvent, type EventStatus } from './events.data';

type Step = 'publish' | 'unpublish' | 'cancel';

const STEPS: Record<Step, { to: EventStatus; done: string; says: (title: string) => string }> = {
  publish: { to: 'published', done: 'Event published', says: (title) => `${title} is on /events now.` },
  unpublish: { to: 'draft', done: 'Event unpublished', says: (title) => `${title} is a draft again.` },
  cancel: {
    to: 'cancelled',
    done: 'Event cancelled',
    says: (title) =>
      `${title} is cancelled with its bookings; its followers and travellers are being e-mailed and card payments refunded in full. Bank transfers to pay back are on Bookings, Refunds to pay back.`,
  },
};

/** Publish a draft, unpublish or cancel a published event; the last two are confirmed first. */
export function EventStatusActions({ event }: { event: AdminEvent }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Exclude<Step, 'publish'> | null>(null);

  async function run(step: Step) {
    try {
      const changed = await changeEventStatus(event.id, event.status, STEPS[step].to);
      // The database queued a full refund of every card payment (decision 0090): make them now.
      if (changed && step === 'cancel') await makeWaitingRefunds();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'events'] });
      setAsking(null);
      if (changed)
        showToast({
          title: STEPS[step].done,
          description: STEPS[step].says(event.title),
          variant: 'success',
        });
      else
        showToast({
          title: 'Nothing changed',
          description: 'Someone changed this event meanwhile; its current state is shown now.',
          variant: 'destructive',
        });
    } catch {
      showErrorToast();
    }
  }

  const open = event.status === 'draft' || event.status === 'published';
  return (
    <>
      {event.status === 'draft' && (
        <button type="button" className={buttonClass('primary', 'sm')} onClick={() => void run('publish')}>
          Publish
        </button>
      )}
      {event.status === 'published' && (
        <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setAsking('unpublish')}>
          Unpublish
        </button>
      )}
      {open && (
        <button
          type="button"
          className={buttonClass('outline', 'sm', 'text-destructive')}
          onClick={() => setAsking('cancel')}
        >
          Cancel event
        </button>
      )}
      <ConfirmDialog
        open={asking === 'unpublish'}
        title={`Unpublish ${event.title}?`}
        message="It leaves /events and its page until you publish it again. Followers and bookings stay."
        confirmLabel="Unpublish"
        onConfirm={() => run('unpublish')}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        title={`Cancel ${event.title}?`}
        message="Every booking on it is cancelled with everything paid going back, and everyone who follows or booked it is told by e-mail at once. Card payments are refunded in full through Stripe; bank transfers are listed on Bookings, Refunds to pay back, to pay back from the bank account. This cannot be undone from this screen."
        confirmLabel="Cancel event"
        onConfirm={() => run('cancel')}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
