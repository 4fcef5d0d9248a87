import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { closePoll, deletePoll } from '../../polls/polls.data';
import { closingText, PollResults } from '../../polls/PollResults';
import { DataTable } from '../table/DataTable';
import { FilterSelect } from '../table/FilterSelect';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { readAllRows } from '../table/paging';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { adminPollsQuery, POLL_CSV_COLUMNS, POLL_FILTERS, resultLines } from './admin-polls';
import { adminPollsKey, fetchAdminPolls, type AdminPollRow } from './admin-polls.data';
import { PollForm } from './PollForm';
import { useLiveVotes } from './useLiveVotes';

const LIST_PREFIX = ['admin', 'polls', 'list'] as const;
const column = createColumnHelper<AdminPollRow>();
type Confirm = { poll: AdminPollRow; action: 'close' | 'delete' } | null;

// Column ids are admin_polls()'s sort keys.
function pollColumns(ask: (confirm: Confirm) => void) {
  return [
    column.accessor('question', {
      id: 'question',
      header: 'Question',
      cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
    }),
    column.accessor('event_title', {
      id: 'for',
      header: 'For',
      cell: ({ getValue }) => getValue() ?? 'All members',
    }),
    column.accessor('closes_at', {
      id: 'closes',
      header: 'Closes',
      cell: ({ row: { original: poll } }) => (
        <>
          <time dateTime={poll.closes_at}>{closingText(poll.closes_at)}</time>
          <p className="text-muted-foreground text-sm">{poll.is_open ? 'Open' : 'Closed'}</p>
        </>
      ),
    }),
    column.accessor('votes', { id: 'votes', header: 'Votes' }),
    column.display({
      id: 'results',
      header: 'Results',
      cell: ({ row: { original: poll } }) => (
        <div className="min-w-56" role="group" aria-label={`Results of ${poll.question}`}>
          <PollResults options={poll.options} results={poll.results} myVote={null} />
        </div>
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: poll } }) => (
        <div role="group" aria-label={`Actions for ${poll.question}`} className="flex flex-wrap gap-2">
          {poll.is_open && (
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() => ask({ poll, action: 'close' })}
            >
              Close now
            </button>
          )}
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => ask({ poll, action: 'delete' })}
          >
            Delete
          </button>
        </div>
      ),
    }),
  ];
}

/**
 * /admin/polls: create a poll for an event or all members; every poll with its results, one page per
 * request (admin_polls: search, state, sort in the address), read again live as members vote.
 */
export function PollsPage() {
  const queryClient = useQueryClient();
  const [search, update] = useListSearch();
  const query = adminPollsQuery(search);
  const list = useQuery({
    queryKey: adminPollsKey(query),
    queryFn: () => fetchAdminPolls(query),
    placeholderData: keepPreviousData,
  });
  useLiveVotes(LIST_PREFIX, list.isSuccess);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: LIST_PREFIX });
  const readAll = async () =>
    resultLines(
      await readAllRows(async (from, to) => {
        const page = await fetchAdminPolls({ ...query, offset: from, limit: to - from + 1 });
        return { rows: page.rows, total: page.total };
      }),
    );

  async function act() {
    if (!confirm) return;
    const { poll, action } = confirm;
    try {
      if (action === 'close') await closePoll(poll.id);
      else await deletePoll(poll.id);
      showToast({
        title: action === 'close' ? 'Poll closed' : 'Poll deleted',
        description: poll.question,
        variant: 'success',
      });
      setConfirm(null);
      await refresh();
    } catch {
      showErrorToast();
    }
  }

  return (
    <AdminPage
      title="Polls"
      description="Ask members a question, for one event or for everyone. Members vote once and see the results after voting; the results here update live."
      actions={<ExportCsvButton what="poll results" columns={POLL_CSV_COLUMNS} readAll={readAll} />}
    >
      <PollForm onCreated={refresh} />
      <DataTable
        caption="All polls"
        columns={pollColumns(setConfirm)}
        rows={list.data?.rows}
        total={list.data?.total}
        getRowId={(row) => row.id}
        state={search}
        onStateChange={update}
        isError={list.isError}
        searchLabel="Search questions or events"
        toolbar={
          <FilterSelect
            options={POLL_FILTERS}
            value={search.filter ?? ''}
            onChange={(filter) => update({ filter })}
          />
        }
        emptyText={search.q || search.filter ? 'No polls match this search.' : 'No polls yet.'}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'close' ? 'Close this poll?' : 'Delete this poll?'}
        message={
          confirm?.action === 'close'
            ? 'Members can no longer vote. The results stay.'
            : 'The poll and all its votes are deleted. This cannot be undone.'
        }
        confirmLabel={confirm?.action === 'close' ? 'Close poll' : 'Delete poll'}
        onConfirm={act}
        onClose={() => setConfirm(null)}
      />
    </AdminPage>
  );
}
