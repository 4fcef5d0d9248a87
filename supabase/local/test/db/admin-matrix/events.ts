import type { MatrixPart } from '../matrix-cells.ts';

/** /admin/events: its tables and functions. */
export const EVENTS_MATRIX: MatrixPart = {
  tables: {},
  functions: {},
};
