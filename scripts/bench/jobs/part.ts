// One part of `npm run bench:jobs` (scripts/bench-jobs.ts): each scheduled job's benchmark is a file here that
// seeds its own rows on the shared stack, runs the job, and reports its figures and what went wrong. A new
// part (the outbox sender's drain, say) is one more file and one line in PARTS.
import type { TestStack } from '../../../supabase/local/test/start-test-stack.ts';

export interface JobsBenchContext {
  stack: TestStack;
  /** CI's smoke run (decision 0066): small data, one run, no timing goals. */
  short: boolean;
  log: (line: string) => void;
}

export interface JobsBenchReport {
  part: string;
  /** One line of figures for the printed table, in order (name → value). */
  figures: Record<string, string | number>;
  /** Goals missed that do not depend on the machine (each fails the run in both forms). */
  problems: string[];
}

export interface JobsBenchPart {
  name: string;
  run(context: JobsBenchContext): Promise<JobsBenchReport>;
}
