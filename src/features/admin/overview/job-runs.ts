/**
 * The overview's scheduled jobs (public.admin_job_runs, decision 0083) in the admin's words: what each job
 * does, and how its last run ended. Pure, so its rules are unit-tested apart from the page.
 */

/** What the migrations' jobs do; a job an operator added by hand shows its own name. */
const JOB_PURPOSES: Record<string, string> = {
  'send-mail-sweep': 'Sends queued e-mail (every minute)',
  'complete-ended-trips': 'Marks trips that have ended as completed (daily)',
  'payment-reminders': 'E-mails payment reminders before, on and after due dates (daily)',
  'waitlist-offers': 'Releases expired holds and offers freed places to the waitlist (every 5 minutes)',
  'expire-store-orders': 'Expires store orders left unpaid and puts their stock back (every 5 minutes)',
  'prune-unread-rows': 'Removes records nobody reads again (daily)',
  'prune-images': 'Removes uploaded images no post uses (daily)',
  'card-attempts-sweep': 'Closes card payments whose Stripe page was never opened (every 5 minutes)',
  'card-refunds-sweep': 'Retries card refunds still waiting for Stripe (every 10 minutes)',
  'order-refunds-sweep': 'Retries store order refunds still waiting for Stripe (every 10 minutes)',
};

export function jobPurpose(jobName: string): string {
  return JOB_PURPOSES[jobName] ?? jobName;
}

export type RunOutcome = 'succeeded' | 'failed' | 'running' | 'never';

/** pg_cron's status of the last run: succeeded, failed, still going (starting, running …) or none yet. */
export function runOutcome(status: string | null): RunOutcome {
  if (status === null) return 'never';
  if (status === 'succeeded' || status === 'failed') return status;
  return 'running';
}

export const OUTCOME_LABELS: Record<RunOutcome, string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  running: 'Running',
  never: 'Not run yet',
};

/** pg_cron words a failure 'ERROR:  <message>'; the admin needs the message. */
export function errorMessage(error: string | null): string | null {
  const message = error?.replace(/^ERROR:\s*/, '').trim();
  return message ? message : null;
}
