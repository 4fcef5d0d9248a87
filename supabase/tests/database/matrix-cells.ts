import type { Queryable } from '../../local/src/db/types.ts';
import type { Outcome } from './run-as.ts';

/** Table operations, plus `execute` for functions the API exposes or must not. */
export type Operation = 'select' | 'insert' | 'update' | 'delete' | 'execute';
export const OPERATIONS: Operation[] = ['select', 'insert', 'update', 'delete', 'execute'];
/** Expected outcomes for [visitor, member, other member, admin]. */
export type Expected = [Outcome, Outcome, Outcome, Outcome];
/** A statement ($1, when present, is the actor's own user id) and what each actor gets from it. */
export type Cell = [sql: string, expected: Expected];

export const ALL_DENIED: Expected = ['denied', 'denied', 'denied', 'denied'];
// An aggregate view cannot be written at all (object_not_in_prerequisite_state), whoever asks.
export const NOT_WRITABLE: Expected = ['error 55000', 'error 55000', 'error 55000', 'error 55000'];
export const ids = (...values: string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * One part of the matrix (the admin area keeps one per screen group in ./admin-matrix/): rows for tables
 * and views, rows for functions, and the extra fixture rows they need, inserted once after fixtures.ts's.
 */
export interface MatrixPart {
  tables: Record<string, Partial<Record<Operation, Cell>>>;
  functions: Record<string, Cell>;
  fixtures?: (db: Queryable) => Promise<void>;
}
