// One part of `npm run bench:jobs` (scripts/bench-jobs.ts): each scheduled job's benchmark is a file here that
// seeds its own rows on the shared stack (or starts a stack of its own when it needs another configuration,
// as the sender's does), runs the job, and reports its figures and what went wrong. A new part is one more
// file and one line in PARTS.
import type { TestStack } from '../../../supabase/local/test/start-test-stack.ts';

export interface JobsBenchContext {
  stack: TestStack;
  /** The engine the shared stack runs on (a part that starts its own uses the same). */
  database: 'postgres' | 'pglite';
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
