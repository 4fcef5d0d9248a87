import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { claimsOf, type Actor } from './fixtures.ts';

/**
 * What happened to one statement: a number of rows (visible for SELECT, affected otherwise), `denied`
 * (no privilege on the table or column), `rls` (a row-level security policy refused the row), `refused`
 * (one of our guard triggers said no) or `error <sqlstate>`.
 */
export type Outcome = number | 'denied' | 'rls' | 'refused' | `error ${string}`;

const ROLL_BACK = Symbol('roll back');

export function classify(error: unknown): Outcome {
  const { code, message } = error as { code?: string; message?: string };
  if (code === '42501' && message?.includes('row-level security')) return 'rls';
  if (code === '42501' && message?.startsWith('permission denied')) return 'denied';
  if (code === '42501') return 'refused';
  if (code) return `error ${code}`;
  throw error;
}

/**
 * Runs fn as the actor through withClaims (exactly as the API does) and always rolls back, so each cell
 * of a matrix starts from the same fixtures.
 */
export async function runAs<T>(db: Database, actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await withClaims(db, claimsOf(actor), async (tx) => {
      result = { value: await fn(tx) };
      throw ROLL_BACK;
    });
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  if (!result) throw new Error('unreachable: the cell did not run');
  return result.value;
}

/** The outcome of one statement run as the actor (rolled back afterwards). */
export async function outcomeOf(
  db: Database,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome> {
  try {
    return await runAs(db, actor, async (tx) => {
      const result = await tx.query<{ n?: number }>(sql, params);
      return /^\s*select/i.test(sql) ? Number(result.rows[0]?.n) : result.rowCount;
    });
  } catch (error) {
    return classify(error);
  }
}
