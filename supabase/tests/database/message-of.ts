import type { Database } from '../../local/src/db/types.ts';
import type { Actor } from './fixtures.ts';
import { runAs } from './run-as.ts';

/** The error message of `sql` run as `actor` (rolled back), or 'ok': for tests about the words people see. */
export async function messageOf(
  db: Database,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<string> {
  try {
    await runAs(db, actor, (tx) => tx.query(sql, params));
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}
