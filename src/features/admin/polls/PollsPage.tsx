import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { closePoll, deletePoll, fetchPolls, type PollWithResults } from '../../polls/polls.data';
import { closingText, PollResults } from '../../polls/PollResults';
import type { CsvColumn } from '../table/csv';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PollForm } from './PollForm';

// Admins see results live: the list reads again every few seconds while the screen is open.
const LIVE_MS = 5_000;
export const POLLS_KEY = ['admin', 'polls', 'list'] as const;

// The export: one row per option of every poll, with its votes.
interface ResultLine {
  poll: PollWithResults;
  option: string;
  votes: number;
}
const RESULT_COLUMNS: readonly CsvColumn<ResultLine>[] = [
  { header: 'Question', value: (line) => line.poll.question },
  { header: 'For', value: (line) => line.poll.event_title ?? 'All members' },
  { header: 'Closes', value: (line) => line.poll.closes_at },
  { header: 'Option', value: (line) => line.option },
  { header: 'Votes', value: (line) => line.votes },
];
async function readResultLines(): Promise<ResultLine[]> {
  const polls = await fetchPolls({ limit: 1000 });
  return polls.flatMap((poll) =>
    poll.options.map((option, index) => ({ poll, option, votes: poll.results?.[index] ?? 0 })),
  );
}

/** /admin/polls: create a poll for an event or all members; every poll with its live results. */
export function PollsPage() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: POLLS_KEY, queryFn: () => fetchPolls(), refetchInterval: LIVE_MS });
  const [confirm, setConfirm] = useState<{ poll: PollWithResults; action: 'close' | 'delete' } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: POLLS_KEY });

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
      actions={<ExportCsvButton what="poll results" columns={RESULT_COLUMNS} readAll={readResultLines} />}
    >
      <PollForm onCreated={refresh} />
      <section aria-labelledby="polls-list-title" className="space-y-4">
        <h3 id="polls-list-title" className="text-xl font-semibold">
          All polls
        </h3>
        {query.isPending && <p role="status">Loading polls…</p>}
        {query.isError && (
          <p role="alert" className="text-destructive">
            We could not load the polls. Please refresh the page to try again.
          </p>
        )}
        {query.isSuccess && query.data.length === 0 && <p>No polls yet.</p>}
        {query.isSuccess && (
          <ul className="grid gap-4 lg:grid-cols-2">
            {query.data.map((poll) => {
              return (
                <li key={poll.id} className="border-border bg-card rounded-lg border p-4" data-poll={poll.id}>
                  <article aria-label={poll.question} className="space-y-3">
                    <div>
                      <h4 className="font-semibold">{poll.question}</h4>
                      <p className="text-muted-foreground text-sm">
                        {poll.event_title ?? 'All members'} · {closingText(poll.closes_at)}
                      </p>
                    </div>
                    <PollResults
                      options={poll.options}
                      results={poll.results ?? poll.options.map(() => 0)}
                      myVote={null}
                    />
                    <div className="flex gap-2">
                      {poll.isOpen && (
                        <button
                          type="button"
                          className={buttonClass('outline', 'sm')}
                          onClick={() => setConfirm({ poll, action: 'close' })}
                        >
                          Close now
                        </button>
                      )}
                      <button
                        type="button"
                        className={buttonClass('outline', 'sm')}
                        onClick={() => setConfirm({ poll, action: 'delete' })}
                      >
                        Delete
                      </button>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>
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
