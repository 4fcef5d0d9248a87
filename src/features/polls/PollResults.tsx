import { formatDateTime } from '../../lib/format/dates';
/** A poll's votes per option as labelled bars (text carries the numbers; the bar is decoration). */
export function PollResults({
  options,
  results,
  myVote,
}: {
  options: string[];
  results: number[];
  myVote: number | null;
}) {
  const total = results.reduce((sum, votes) => sum + votes, 0);
  return (
    <div>
      <ul className="space-y-2" aria-label="Results">
        {options.map((option, index) => {
          const votes = results[index] ?? 0;
          const share = total ? Math.round((votes / total) * 100) : 0;
          return (
            <li key={option}>
              <div className="flex justify-between gap-3 text-sm">
                <span className={index === myVote ? 'font-semibold' : undefined}>
                  {option}
                  {index === myVote && ' (your vote)'}
                </span>
                <span className="tabular-nums">
                  {votes} {votes === 1 ? 'vote' : 'votes'} · {share}%
                </span>
              </div>
              <div className="bg-muted mt-1 h-2 rounded-full" aria-hidden="true">
                <div className="bg-primary h-2 rounded-full" style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-muted-foreground mt-2 text-sm">
        {total} {total === 1 ? 'vote' : 'votes'} in all
      </p>
    </div>
  );
}

/** When a poll closes (or closed), in the member's words. */
export function closingText(closesAt: string, now = Date.now()): string {
  const when = formatDateTime(closesAt);
  return new Date(closesAt).getTime() > now ? `Closes ${when}` : `Closed ${when}`;
}
