import type { PGlite } from '@electric-sql/pglite';
import { parseStatementTimeout } from './statement-timeout.ts';

/**
 * The column name under which a statement that sets a transaction-local statement_timeout may return the new
 * value (`set_config('statement_timeout', …, true) as statement_timeout`, as withClaims does): the tracker
 * then takes it from the result instead of asking Postgres again.
 */
export const LOCAL_TIMEOUT_COLUMN = 'statement_timeout';

/**
 * statement_timeout as the session has it now, followed in the worker that owns PGlite. Postgres keeps it per
 * statement; PGlite stores it but never acts on it, so the main thread arms each statement's deadline itself
 * and needs the value first. It is read again only after statements that may change it.
 */
export class TimeoutTracker {
  /** The value for the next statement, in ms (0: none). */
  ms = 0;
  /** The value outside any transaction block. */
  private sessionMs = 0;
  private inTransaction = false;
  /** Whether the open transaction changed it in a way only a fresh read can tell (e.g. a plain SET). */
  private transactionNeedsRead = false;
  private readonly pglite: PGlite;

  // No parameter properties: Node runs this file by stripping types when no loader is registered (vitest).
  constructor(pglite: PGlite) {
    this.pglite = pglite;
  }

  async start(): Promise<void> {
    this.sessionMs = this.ms = await this.read();
  }

  /** Called after a script (several statements, no results): read again when it names the setting. */
  async afterScript(sql: string): Promise<void> {
    if (!/statement_timeout/i.test(sql)) return;
    this.ms = await this.read();
    if (this.inTransaction) this.transactionNeedsRead = true;
    else this.sessionMs = this.ms;
  }

  /** Called after every single statement with the rows it returned (undefined when it failed). */
  async after(sql: string, rows: readonly Record<string, unknown>[] | undefined): Promise<void> {
    if (/^\s*(begin|start\s+transaction)\b/i.test(sql)) {
      this.inTransaction = true;
      this.transactionNeedsRead = false;
      return;
    }
    if (/^\s*(commit|rollback|end|abort)\b/i.test(sql)) {
      if (this.transactionNeedsRead) this.sessionMs = await this.read();
      this.inTransaction = false;
      this.transactionNeedsRead = false;
      this.ms = this.sessionMs;
      return;
    }
    if (!/statement_timeout/i.test(sql)) return;
    if (rows === undefined) return; // a failed statement changed nothing; an aborted transaction answers nothing
    const returned = rows[0]?.[LOCAL_TIMEOUT_COLUMN];
    if (typeof returned === 'string') {
      // A transaction-local value: it ends with the transaction (outside one, with the statement).
      this.ms = this.inTransaction ? parseStatementTimeout(returned) : this.sessionMs;
      return;
    }
    this.ms = await this.read();
    if (this.inTransaction) this.transactionNeedsRead = true;
    else this.sessionMs = this.ms;
  }

  private async read(): Promise<number> {
    const { rows } = await this.pglite.query<{ value: string }>(
      "select current_setting('statement_timeout') as value",
    );
    return parseStatementTimeout(rows[0]?.value ?? '0');
  }
}
