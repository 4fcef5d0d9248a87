// `npm run jobs -- --now` (or `--at=2027-03-01T09:00:00+11:00`, and `--job=<name>` for one job): asks the running local stack to run every job
// that is due now, or at the given time, once, and prints what ran and how it ended. The stack also runs due
// jobs by itself every 10 s; this is for a test or an operator who moves the clock or will not wait. Hosted
// Supabase runs the same jobs with pg_cron (its cron.job_run_details has their results). Decision 0079.
import './env/load.mjs';
import { parseArgs } from 'node:util';
import { LOCAL_SERVICE_ROLE_KEY } from '../supabase/local/src/config.ts';

interface JobRun {
  jobname: string | null;
  jobid: number;
  status: string;
  message: string;
}

const { values } = parseArgs({
  options: { now: { type: 'boolean' }, at: { type: 'string' }, job: { type: 'string' } },
  strict: true,
});
if (!values.now && !values.at) {
  console.error('Usage: npm run jobs -- --now | --at=<ISO date and time> [--job=<name>]');
  process.exit(2);
}
const url = process.env.SUPABASE_URL || process.env.PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321';
const key = process.env.SUPABASE_SERVICE_ROLE_KEY || LOCAL_SERVICE_ROLE_KEY;
const response = await fetch(`${url}/local/v1/jobs/run`, {
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    ...(values.at ? { at: values.at } : {}),
    ...(values.job ? { job: values.job } : {}),
  }),
}).catch((error: unknown) => {
  console.error(
    `jobs: no stack answers at ${url} (${(error as Error).message}); start it with npm run stack`,
  );
  process.exit(1);
});
if (response.status === 404) {
  console.error(`jobs: ${url} is not the local stack; hosted Supabase runs jobs with pg_cron`);
  process.exit(1);
}
const answer = (await response.json()) as { at?: string; runs?: JobRun[]; message?: string };
if (!response.ok) {
  console.error(`jobs: ${response.status} ${answer.message ?? ''}`);
  process.exit(1);
}
const runs = answer.runs ?? [];
console.log(`Jobs due at ${answer.at}: ${runs.length === 0 ? 'none' : runs.length}`);
for (const run of runs)
  console.log(
    `  ${run.jobname ?? `job ${run.jobid}`}: ${run.status}${run.message ? ` (${run.message})` : ''}`,
  );
process.exit(runs.some((run) => run.status === 'failed') ? 1 : 0);
