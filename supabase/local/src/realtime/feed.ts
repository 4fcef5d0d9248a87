import type { Database } from '../db/types.ts';
import { withClaims } from '../db/with-claims.ts';
import { bindingWants, type Binding } from './bindings.ts';
import type { Subscription } from './connection.ts';
import { judge, readTableInfo, type Change, type TableInfo } from './visibility.ts';

const BATCH = 100;
/** Without LISTEN, how often the queue is looked at. */
const POLL_MS = 1_000;

interface ChangeRow {
  id: number;
  schema_name: string;
  table_name: string;
  type: Change['type'];
  record: string | null;
  old_record: string | null;
  commit_timestamp: string;
}

/**
 * Takes queued changes off realtime.changes (deleting them as it reads: delivery is at most once, as on
 * hosted Realtime) and hands each to the subscribers allowed to see it. Runs one drain at a time.
 */
export class ChangeFeed {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private stopListening: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly subscriptions: () => Iterable<Subscription>,
  ) {}

  async start(): Promise<void> {
    // Changes queued while no stack was running have nobody to go to.
    await this.db.query('delete from realtime.changes');
    this.stopListening = await this.db.listen?.('realtime_changes', () => this.wake());
    if (this.stopListening) return;
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.stopListening?.().catch(() => undefined);
    await this.running;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => {
        if (!this.stopped)
          console.error('[realtime] change feed:', error instanceof Error ? error.message : error);
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const { rows } = await this.db.query<ChangeRow>(
        `delete from realtime.changes where id in (select id from realtime.changes order by id limit ${BATCH})
         returning id, schema_name, table_name, type, record::text as record, old_record::text as old_record,
           to_char(commit_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp`,
      );
      const tables = new Map<string, Promise<TableInfo>>();
      for (const row of rows.sort((a, b) => a.id - b.id)) {
        if (this.stopped) return;
        const change: Change = {
          id: row.id,
          schema: row.schema_name,
          table: row.table_name,
          type: row.type,
          record: row.record,
          oldRecord: row.old_record,
          commitTimestamp: row.commit_timestamp,
        };
        const key = `${change.schema}.${change.table}`;
        if (!tables.has(key)) tables.set(key, readTableInfo(this.db, change.schema, change.table));
        await this.dispatch(change, await (tables.get(key) as Promise<TableInfo>));
      }
      if (rows.length < BATCH) return;
    }
  }

  private async dispatch(change: Change, info: TableInfo): Promise<void> {
    // Without a primary key a row cannot be read back, so nobody could be shown to be allowed to see it.
    if (info.primaryKey.length === 0) return;
    // One judging transaction per distinct set of claims, however many channels share them.
    for (const group of groupByClaims(this.subscriptions(), change)) {
      const bindings = group.flatMap((entry) => entry.bindings);
      const verdict = await withClaims(
        this.db,
        group[0]?.subscription.claims ?? null,
        (tx) => judge(tx, change, info, bindings),
        { readOnly: true },
      ).catch(notAllowed);
      if (!verdict) continue;
      const matched = new Set(verdict.ids);
      for (const { subscription, bindings: wanted } of group) {
        const ids = wanted.map((binding) => binding.id).filter((id) => matched.has(id));
        if (ids.length > 0) subscription.deliver(`{"ids":${JSON.stringify(ids)},"data":${verdict.dataJson}}`);
      }
    }
  }
}

interface Interested {
  subscription: Subscription;
  /** The subscription's bindings that want this kind of change on this table. */
  bindings: Binding[];
}

/**
 * The subscriptions that want the change, grouped by their claims (same claims, same verdict). A channel
 * whose token has expired gets nothing, even before its expiry timer closes it.
 */
function groupByClaims(subscriptions: Iterable<Subscription>, change: Change): Interested[][] {
  const nowSeconds = Date.now() / 1000;
  const groups = new Map<string, Interested[]>();
  for (const subscription of subscriptions) {
    const { exp } = subscription.claims;
    if (typeof exp !== 'number' || exp <= nowSeconds) continue;
    const bindings = subscription.bindings.filter((binding) =>
      bindingWants(binding, change.schema, change.table, change.type),
    );
    if (bindings.length === 0) continue;
    const key = JSON.stringify(subscription.claims);
    const group = groups.get(key) ?? [];
    group.push({ subscription, bindings });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** A role that may not read the table at all makes the query fail: it sees nothing. */
function notAllowed(error: unknown): undefined {
  if ((error as { code?: unknown }).code !== '42501') {
    console.error('[realtime] could not judge a change:', error instanceof Error ? error.message : error);
  }
  return undefined;
}
