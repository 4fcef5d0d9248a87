import type { MatrixPart } from '../matrix-cells.ts';

/** /admin (the overview): one read-only function, no tables of its own. */
export const OVERVIEW_MATRIX: MatrixPart = {
  tables: {},
  functions: {
    // Visitors have no grant; members reach it and get 42501 from its admin check.
    'admin_overview()': [
      `select (members is not null)::int as n from public.admin_overview()`,
      ['denied', 'refused', 'refused', 1],
    ],
  },
};
