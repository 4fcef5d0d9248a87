import type { MatrixPart } from '../matrix-cells.ts';

/** /admin/overview: its tables and functions. */
export const OVERVIEW_MATRIX: MatrixPart = {
  tables: {},
  functions: {},
};
