import type { Database } from '../../../lib/supabase/database.types';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

type JobRunRow = Database['public']['Functions']['admin_job_runs']['Returns'][number];

/**
 * One scheduled job and its last run (public.admin_job_runs). The generator types a function's columns as
 * never null; the run columns are null before a job's first run, and the error after a success.
 */
export type JobRun = Omit<JobRunRow, 'last_run_at' | 'last_status' | 'last_error'> & {
  last_run_at: string | null;
  last_status: string | null;
  last_error: string | null;
};

/** Each scheduled job's last run, by name; admins only (anyone else gets 42501 from the database). */
export async function fetchJobRuns(client: LoadClient = sharedClient): Promise<JobRun[]> {
  return unwrap(await (await client()).rpc('admin_job_runs')) as JobRun[];
}
