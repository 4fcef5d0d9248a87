/**
 * What live changes make stale on /events (docs/decisions/0029-live-community.md). The page subscribes to
 * these tables' postgres_changes; each change marks cached reads stale by query-key prefix, and TanStack
 * Query reads again whatever the page shows. Changes arriving together are read once.
 */
import type { QueryKey } from '@tanstack/react-query';

/**
 * Each table the page listens to, and the query-key prefixes of the reads its changes make stale: the one
 * place to adapt when the page's queries change (EventsList, EventCommunity, EventComments).
 * comment_removals: a soft-deleted comment or reply (its own UPDATE is not delivered to other members).
 */
export const LIVE_TABLES = {
  comments: { events: '*', stale: [['comments']] },
  comment_replies: { events: '*', stale: [['comments']] },
  comment_reactions: { events: '*', stale: [['comments']] },
  comment_removals: { events: 'INSERT', stale: [['comments']] },
  reactions: { events: '*', stale: [['events', 'page']] },
} as const satisfies Record<string, { events: '*' | 'INSERT'; stale: readonly QueryKey[] }>;

export type LiveTable = keyof typeof LIVE_TABLES;

export interface StaleBatchOptions {
  /** Marks the reads under these prefixes stale (queryClient.invalidateQueries). */
  invalidate(prefixes: readonly QueryKey[]): void;
  /** True while the member's own writes are in flight: their optimistic state must not be read over. */
  busy(): boolean;
  /** How long to gather changes before reading again. */
  delayMs?: number;
}

/** Gathers the prefixes changes make stale and invalidates them once, when no write of the member's is on. */
export class StaleBatch {
  private readonly pending = new Map<string, QueryKey>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: StaleBatchOptions) {}

  /** A change arrived on `table`. */
  change(table: LiveTable): void {
    for (const prefix of LIVE_TABLES[table].stale) this.pending.set(JSON.stringify(prefix), prefix);
    this.schedule();
  }

  /** The socket came back: whatever the page holds may have missed changes, so all of it is stale. */
  catchUp(): void {
    this.pending.set('[]', []);
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private schedule(): void {
    if (this.timer === undefined) this.timer = setTimeout(() => this.flush(), this.options.delayMs ?? 100);
  }

  private flush(): void {
    this.timer = undefined;
    if (this.options.busy()) {
      this.schedule();
      return;
    }
    const prefixes = this.pending.has('[]') ? [[]] : [...this.pending.values()];
    this.pending.clear();
    if (prefixes.length > 0) this.options.invalidate(prefixes);
  }
}
