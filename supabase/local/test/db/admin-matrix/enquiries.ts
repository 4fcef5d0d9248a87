import type { MatrixPart } from '../matrix-cells.ts';

/** /admin/enquiries: its tables and functions. */
export const ENQUIRIES_MATRIX: MatrixPart = {
  tables: {},
  functions: {},
};
