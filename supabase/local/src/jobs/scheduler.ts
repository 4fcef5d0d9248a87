import type { Database } from '../db/types.ts';
import { lastDueTime, parseSchedule } from './cron-schedule.ts';

/**
 * Runs the jobs migrations declared with `cron.schedule` (bootstrap.sql provides pg_cron's interface where
 * the extension is missing), as pg_cron would: each due job's command in its own transaction, its outcome
 * in `cron.job_run_details` ('succeeded', or 'failed' with the error, as pg_cron words it). A job's row in
 * `cron.local_job_clock` is locked while it is checked and run, so two schedulers on one database never run
 * a job twice for one due time, nor at the same moment. Decision 0079.
 */

interface JobRow {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
}

export interface JobRun {
  jobid: number;
  jobname: string | null;
  status: 'succeeded' | 'failed';
  message: string;
}

/** A job seen for the first time runs if it falls due within the last minute. */
const FIRST_LOOK_MS = 60_000;

/**
 * Runs every job due at `at` (the real clock by default; tests move it) once, or only the job named `only`;
 * resolves to what ran.
 */
export async function runDueJobs(db: Database, at: Date = new Date(), only?: string): Promise<JobRun[]> {
  const { rows: jobs } = await db.query<JobRow>(
    `select jobid::text, jobname, schedule, command from cron.job
     where active and ($1::text is null or jobname = $1) order by jobid`,
    [only ?? null],
  );
  const runs: JobRun[] = [];
  for (const job of jobs) {
    const run = await runIfDue(db, job, at);
    if (run) runs.push(run);
  }
  return runs;
}

async function runIfDue(db: Database, job: JobRow, at: Date): Promise<JobRun | null> {
  await db.query(
    `insert into cron.local_job_clock (jobid, checked_until) values ($1, $2) on conflict (jobid) do nothing`,
    [job.jobid, new Date(at.getTime() - FIRST_LOOK_MS)],
  );
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ checked_until: Date }>(
      'select checked_until from cron.local_job_clock where jobid = $1 for update skip locked',
      [job.jobid],
    );
    // Another scheduler is checking or running it right now: that one runs it.
    if (rows.length === 0) return null;
    const checkedUntil = new Date(rows[0]!.checked_until);
    if (checkedUntil >= at) return null;
    await tx.query('update cron.local_job_clock set checked_until = $2 where jobid = $1', [job.jobid, at]);
    let due: Date | null;
    try {
      due = lastDueTime(parseSchedule(job.schedule), checkedUntil, at);
    } catch (error) {
      return record(tx, job, at, 'failed', messageOf(error));
    }
    if (!due) return null;
    await tx.query('savepoint job');
    try {
      await tx.exec(job.command);
      await tx.query('release savepoint job');
    } catch (error) {
      await tx.query('rollback to savepoint job');
      return record(tx, job, at, 'failed', `ERROR:  ${messageOf(error)}`);
    }
    return record(tx, job, at, 'succeeded', '');
  });
}

async function record(
  tx: Pick<Database, 'query'>,
  job: JobRow,
  at: Date,
  status: JobRun['status'],
  message: string,
): Promise<JobRun> {
  await tx.query(
    `insert into cron.job_run_details (jobid, database, username, command, status, return_message,
       start_time, end_time)
     values ($1, current_database(), current_user, $2, $3, $4, $5, $5::timestamptz + (clock_timestamp() - now()))`,
    [job.jobid, job.command, status, message, at],
  );
  return { jobid: Number(job.jobid), jobname: job.jobname, status, message };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface Scheduler {
  /** Runs what is due now (or at `at`; only the job named `only` if given), after any run in progress. */
  runDue(at?: Date, only?: string): Promise<JobRun[]>;
  stop(): Promise<void>;
}

/**
 * Looks for due jobs every `tickMs` (0: only when runDue is called). A '<n> seconds' schedule runs at most
 * once a tick.
 */
export function startScheduler(db: Database, { tickMs = 10_000 } = {}): Scheduler {
  let running: Promise<JobRun[]> | null = null;
  let stopped = false;
  const runDue = async (at?: Date, only?: string) => {
    while (running) await running.catch(() => []);
    running = runDueJobs(db, at, only);
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  const timer =
    tickMs > 0
      ? setInterval(() => {
          if (stopped) return;
          runDue().catch((error: unknown) => {
            if (!stopped) console.error('[supabase-local] jobs:', messageOf(error));
          });
        }, tickMs)
      : undefined;
  timer?.unref();
  return {
    runDue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => []);
    },
  };
}
