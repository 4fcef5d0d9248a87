import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { DataTable } from '../table/DataTable';
import { FilterSelect } from '../table/FilterSelect';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { readAllRows } from '../table/paging';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { QUEUE_CSV_COLUMNS, QUEUE_FILTER_OPTIONS, queueQuery } from './moderation';
import {
  fetchModerationQueue,
  liftSuspension,
  moderate,
  queueKey,
  type ModerationAction,
  type QueueItem,
} from './moderation.data';
import { queueColumns, type Pending } from './queue-columns';
import { SuspendDialog } from './SuspendDialog';

const DONE: Record<ModerationAction, [string, string]> = {
  hide: ['Hidden', 'Members no longer see it.'],
  restore: ['Restored', 'Members see it again.'],
  pin: ['Pinned', 'It shows first on the event.'],
  unpin: ['Unpinned', 'It is back in its place.'],
  dismiss: ['Reports dismissed', 'It has left the queue.'],
};

/**
 * /admin/moderation: reported comments and replies with their reports, and what an admin does about them.
 * One page per request (admin_moderation_queue: search, filter, sort in the address); the export reads
 * every matching post.
 */
export function ModerationPage() {
  const queryClient = useQueryClient();
  const [search, update] = useListSearch();
  const query = queueQuery(search);
  const queue = useQuery({
    queryKey: queueKey(query),
    queryFn: () => fetchModerationQueue(query),
    placeholderData: keepPreviousData,
  });
  const readAll = () =>
    readAllRows(async (from, to) => {
      const page = await fetchModerationQueue({ ...query, offset: from, limit: to - from + 1 });
      return { rows: page.rows, total: page.total };
    });
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
      actions={<ExportCsvButton what="reported posts" columns={QUEUE_CSV_COLUMNS} readAll={readAll} />}
    >
      <DataTable
        caption="Reported posts"
        columns={queueColumns({ act, ask })}
        rows={queue.data?.rows}
        total={queue.data?.total}
        getRowId={(row) => `${row.kind}:${row.target_id}`}
        state={search}
        onStateChange={update}
        isError={queue.isError}
        searchLabel="Search posts, authors or events"
        toolbar={
          <FilterSelect
            options={QUEUE_FILTER_OPTIONS}
            value={search.filter ?? ''}
            onChange={(filter) => update({ filter })}
          />
        }
        emptyText={
          search.q || search.filter ? 'No posts match this search.' : 'Nothing is waiting for moderation.'
        }
      />
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
