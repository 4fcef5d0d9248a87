import type { MatrixPart } from '../matrix-cells.ts';

/** /admin/active-events: its tables and functions. */
export const ACTIVE_MATRIX: MatrixPart = {
  tables: {},
  functions: {},
};
