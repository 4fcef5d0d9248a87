import { formatDateTime } from '../../../lib/format/dates';
import { createColumnHelper } from '@tanstack/react-table';
import { buttonClass } from '../../../components/ui/button-styles';
import type { ModerationAction, QueueItem } from './moderation.data';

/** What a row's buttons ask for: an action at once, or a dialog first (confirm, suspend, lift). */
export type Pending =
  | { kind: 'confirm'; item: QueueItem; action: 'hide' | 'dismiss' }
  | { kind: 'suspend'; item: QueueItem }
  | { kind: 'lift'; item: QueueItem }
  | null;
export interface RowActions {
  act: (item: QueueItem, action: ModerationAction) => Promise<void>;
  ask: (pending: Pending) => void;
}

const column = createColumnHelper<QueueItem>();
const When = ({ iso }: { iso: string | null }) =>
  iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <span>—</span>;

/** The queue's columns; ids are admin_moderation_queue()'s sort keys. */
export function queueColumns({ act, ask }: RowActions) {
  return [
    column.display({
      id: 'post',
      header: 'Post',
      cell: ({ row: { original: item } }) => (
        <div className="max-w-md min-w-64 space-y-1">
          <p className="text-muted-foreground text-xs font-medium tracking-wide uppercase">
            {item.kind === 'comment' ? 'Comment' : 'Reply'}
            {item.hidden && ' · Hidden'}
            {item.pinned && ' · Pinned'}
          </p>
          <blockquote className="border-border border-l-4 pl-3 whitespace-pre-line">
            {item.content}
          </blockquote>
          {item.flags.length > 0 && (
            <ul className="text-sm" aria-label="Reports">
              {item.flags.map((flag, index) => (
                <li key={index}>
                  {flag.reporter}, <When iso={flag.at} />: {flag.reason ?? 'No reason given'}
                </li>
              ))}
            </ul>
          )}
        </div>
      ),
    }),
    column.accessor('author_name', {
      id: 'author',
      header: 'Author',
      cell: ({ row: { original: item } }) => (
        <>
          {item.author_name}
          {item.suspended_until && (
            <p className="text-muted-foreground text-sm">
              Suspended until <When iso={item.suspended_until} />
            </p>
          )}
        </>
      ),
    }),
    column.accessor('event_title', { id: 'event', header: 'Event' }),
    column.accessor('posted_at', {
      id: 'posted',
      header: 'Posted',
      cell: ({ getValue }) => <When iso={getValue()} />,
    }),
    column.accessor('flag_count', {
      id: 'reports',
      header: 'Reports',
      cell: ({ getValue }) => (getValue() === 1 ? '1 report' : `${getValue()} reports`),
    }),
    column.accessor('last_flagged_at', {
      id: 'last_report',
      header: 'Last report',
      cell: ({ getValue }) => <When iso={getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: item } }) => <RowButtons item={item} act={act} ask={ask} />,
    }),
  ];
}

function RowButtons({ item, act, ask }: RowActions & { item: QueueItem }) {
  const small = buttonClass('outline', 'sm');
  return (
    // Every row has the same buttons: the group's name says whose they are.
    <div
      role="group"
      aria-label={`Actions for the ${item.kind} by ${item.author_name}`}
      className="flex min-w-40 flex-wrap gap-2"
    >
      {item.hidden ? (
        <button type="button" className={small} onClick={() => void act(item, 'restore')}>
          Restore
        </button>
      ) : (
        <button
          type="button"
          className={small}
          onClick={() => ask({ kind: 'confirm', item, action: 'hide' })}
        >
          Hide
        </button>
      )}
      {item.kind === 'comment' && (
        <button type="button" className={small} onClick={() => void act(item, item.pinned ? 'unpin' : 'pin')}>
          {item.pinned ? 'Unpin' : 'Pin'}
        </button>
      )}
      {item.flag_count > 0 && (
        <button
          type="button"
          className={small}
          onClick={() => ask({ kind: 'confirm', item, action: 'dismiss' })}
        >
          Dismiss reports
        </button>
      )}
      {item.suspended_until ? (
        <button type="button" className={small} onClick={() => ask({ kind: 'lift', item })}>
          Lift suspension
        </button>
      ) : (
        <button type="button" className={small} onClick={() => ask({ kind: 'suspend', item })}>
          Suspend author
        </button>
      )}
    </div>
  );
}
