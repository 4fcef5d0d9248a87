import type { MatrixPart } from '../matrix-cells.ts';

/** /admin (the overview): two read-only functions, no tables of their own. */
export const OVERVIEW_MATRIX: MatrixPart = {
  tables: {},
  functions: {
    // Visitors have no grant; members reach it and get 42501 from its admin check.
    'admin_overview()': [
      `select (members is not null)::int as n from public.admin_overview()`,
      ['denied', 'refused', 'refused', 1],
    ],
    // Each scheduled job's last run (decision 0083): the same rule.
    'admin_job_runs()': [
      `select (count(*) > 0)::int as n from public.admin_job_runs()`,
      ['denied', 'refused', 'refused', 1],
    ],
  },
};
