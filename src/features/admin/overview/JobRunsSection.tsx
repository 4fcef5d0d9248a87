import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format/dates';
import { errorMessage, jobPurpose, OUTCOME_LABELS, runOutcome } from './job-runs';
import { fetchJobRuns, type JobRun } from './job-runs.data';

export const JOB_RUNS_QUERY_KEY = ['admin', 'job-runs'] as const;

/**
 * The overview's scheduled jobs (decision 0083): what each does, when it last ran (Sydney time), how that
 * ended, and a failure's error. A failed job is tried again at its next time; the error stays until then.
 */
export function JobRunsSection() {
  const query = useQuery({ queryKey: JOB_RUNS_QUERY_KEY, queryFn: () => fetchJobRuns() });
  return (
    <section aria-labelledby="overview-jobs" className="space-y-3">
      <h3 id="overview-jobs" className="text-lg font-semibold">
        Scheduled jobs
      </h3>
      {query.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading the scheduled jobs…
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-destructive">
          We could not load the scheduled jobs. Please refresh the page to try again.
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground">No jobs are scheduled.</p>
      ) : (
        <JobRunsTable jobs={query.data} />
      )}
    </section>
  );
}

function JobRunsTable({ jobs }: { jobs: readonly JobRun[] }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Scheduled jobs and their last run</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Job
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Last run
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => {
            const outcome = runOutcome(job.last_status);
            const error = outcome === 'failed' ? errorMessage(job.last_error) : null;
            return (
              <tr key={job.job_name} className="border-t align-top">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <span className="font-medium">{jobPurpose(job.job_name)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {job.job_name}
                    {job.active ? '' : ' (paused)'}
                  </span>
                </th>
                <td className="whitespace-nowrap px-3 py-2">
                  {job.last_run_at ? formatDateTime(job.last_run_at) : '—'}
                </td>
                <td className="px-3 py-2">
                  <span className={outcome === 'failed' ? 'font-medium text-destructive' : undefined}>
                    {OUTCOME_LABELS[outcome]}
                  </span>
                  {error && <span className="block break-words text-xs text-muted-foreground">{error}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
