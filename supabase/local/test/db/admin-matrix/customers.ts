import type { MatrixPart } from '../matrix-cells.ts';

/** /admin/customers: its tables and functions. */
export const CUSTOMERS_MATRIX: MatrixPart = {
  tables: {},
  functions: {},
};
