import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatWhen } from './moderation';
import {
  fetchModerationQueue,
  liftSuspension,
  moderate,
  type ModerationAction,
  type QueueItem,
} from './moderation.data';
import { SuspendDialog } from './SuspendDialog';

const QUEUE_KEY = ['admin', 'moderation', 'queue'] as const;

const DONE: Record<ModerationAction, [string, string]> = {
  hide: ['Hidden', 'Members no longer see it.'],
  restore: ['Restored', 'Members see it again.'],
  pin: ['Pinned', 'It shows first on the event.'],
  unpin: ['Unpinned', 'It is back in its place.'],
  dismiss: ['Reports dismissed', 'It has left the queue.'],
};

type Pending =
  | { kind: 'confirm'; item: QueueItem; action: 'hide' | 'dismiss' }
  | { kind: 'suspend'; item: QueueItem }
  | { kind: 'lift'; item: QueueItem }
  | null;

/** /admin/moderation: flagged comments and replies with their reports, and what an admin does about them. */
export function ModerationPage() {
  const queryClient = useQueryClient();
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => fetchModerationQueue() });
  // The dialogs stay mounted and close by `open`: the toaster moves into an open modal and back out only
  // when it closes, so unmounting an open dialog would take the toasts with it.
  const [pending, setPending] = useState<Pending>(null);
  const [open, setOpen] = useState(false);
  const ask = (next: Pending) => {
    setPending(next);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'moderation'] });

  async function act(item: QueueItem, action: ModerationAction) {
    try {
      await moderate(item.kind, item.target_id, action);
      const [title, description] = DONE[action];
      showToast({ title, description, variant: 'success' });
      close();
      await refresh();
    } catch {
      showErrorToast();
    }
  }

  async function lift(item: QueueItem) {
    try {
      await liftSuspension(item.author_id);
      showToast({
        title: 'Suspension lifted',
        description: `${item.author_name} can comment again.`,
        variant: 'success',
      });
      close();
      await refresh();
    } catch {
      showErrorToast();
    }
  }

  return (
    <AdminPage
      title="Moderation"
      description="Comments and replies members have reported, newest report first. Hiding takes a post off every member's page at once."
    >
      {queue.isPending && <p role="status">Loading the queue…</p>}
      {queue.isError && (
        <p role="alert" className="text-destructive">
          We could not load the queue. Please refresh the page to try again.
        </p>
      )}
      {queue.isSuccess && queue.data.length === 0 && <p>Nothing is waiting for moderation.</p>}
      {queue.isSuccess && queue.data.length > 0 && (
        <ul className="space-y-4" aria-label="Reported posts">
          {queue.data.map((item) => (
            <QueueCard key={item.target_id} item={item} onAct={act} onAsk={ask} />
          ))}
        </ul>
      )}
      {pending?.kind === 'confirm' && (
        <ConfirmDialog
          open={open}
          title={pending.action === 'hide' ? 'Hide this post?' : 'Dismiss the reports?'}
          message={
            pending.action === 'hide'
              ? `Members will no longer see this ${pending.item.kind} by ${pending.item.author_name}. You can restore it later.`
              : `The ${pending.item.flag_count} report(s) will be deleted and the ${pending.item.kind} stays as it is.`
          }
          confirmLabel={pending.action === 'hide' ? 'Hide it' : 'Dismiss reports'}
          onConfirm={() => act(pending.item, pending.action)}
          onClose={close}
        />
      )}
      {pending?.kind === 'lift' && (
        <ConfirmDialog
          open={open}
          title="Lift the suspension?"
          message={`${pending.item.author_name} will be able to comment again straight away.`}
          confirmLabel="Lift suspension"
          onConfirm={() => lift(pending.item)}
          onClose={close}
        />
      )}
      {pending?.kind === 'suspend' && (
        <SuspendDialog
          key={pending.item.author_id}
          open={open}
          member={{ id: pending.item.author_id, name: pending.item.author_name }}
          onClose={close}
          onDone={() => {
            close();
            void refresh();
          }}
        />
      )}
    </AdminPage>
  );
}

function QueueCard({
  item,
  onAct,
  onAsk,
}: {
  item: QueueItem;
  onAct: (item: QueueItem, action: ModerationAction) => Promise<void>;
  onAsk: (pending: Pending) => void;
}) {
  const headingId = `post-${item.target_id}`;
  return (
    <li aria-labelledby={headingId} className="border-border rounded-lg border p-4">
      <h3 id={headingId} className="font-medium">
        {item.kind === 'comment' ? 'Comment' : 'Reply'} by {item.author_name} on {item.event_title}
      </h3>
      <p className="text-muted-foreground text-sm">
        Posted <time dateTime={item.posted_at}>{formatWhen(item.posted_at)}</time>
        {item.hidden && ' · Hidden'}
        {item.pinned && ' · Pinned'}
        {item.suspended_until && (
          <>
            {' · Author suspended until '}
            <time dateTime={item.suspended_until}>{formatWhen(item.suspended_until)}</time>
          </>
        )}
      </p>
      <blockquote className="border-border mt-2 border-l-4 pl-3 whitespace-pre-line">
        {item.content}
      </blockquote>
      <h4 className="mt-3 text-sm font-medium">
        {item.flag_count === 1 ? '1 report' : `${item.flag_count} reports`}
      </h4>
      <ul className="text-sm">
        {item.flags.map((flag, index) => (
          <li key={index}>
            {flag.reporter}, <time dateTime={flag.at}>{formatWhen(flag.at)}</time>:{' '}
            {flag.reason ?? 'No reason given'}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {item.hidden ? (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => void onAct(item, 'restore')}
          >
            Restore
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => onAsk({ kind: 'confirm', item, action: 'hide' })}
          >
            Hide
          </button>
        )}
        {item.kind === 'comment' && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => void onAct(item, item.pinned ? 'unpin' : 'pin')}
          >
            {item.pinned ? 'Unpin' : 'Pin'}
          </button>
        )}
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          onClick={() => onAsk({ kind: 'confirm', item, action: 'dismiss' })}
        >
          Dismiss reports
        </button>
        {item.suspended_until ? (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => onAsk({ kind: 'lift', item })}
          >
            Lift suspension
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => onAsk({ kind: 'suspend', item })}
          >
            Suspend author
          </button>
        )}
      </div>
    </li>
  );
}
