/**
 * What live changes make stale on /events and /event-details (decisions 0029, 0070). The page subscribes to
 * these tables' postgres_changes; each change names the one event it concerns where it can, and only that
 * event's reads are read again (its comments, or its reactions patched into the page's events read).
 * Changes arriving together are read once, the events they touch in one request.
 */
import type { QueryKey } from '@tanstack/react-query';

/**
 * Each table the page listens to and the changes it hears. comment_removals: a soft-deleted comment or
 * reply (its own UPDATE is not delivered to other members). reaction_removals: a heart or event reaction
 * taken back, with its event and post (the DELETE itself arrives with its id alone, so hearts and reactions
 * are heard as they are given, and taken back through this table).
 */
export const LIVE_TABLES = {
  comments: '*',
  comment_replies: '*',
  comment_reactions: 'INSERT',
  comment_removals: 'INSERT',
  reactions: 'INSERT',
  reaction_removals: 'INSERT',
} as const satisfies Record<string, '*' | 'INSERT'>;

export type LiveTable = keyof typeof LIVE_TABLES;

/**
 * A change as realtime-js hands it: the row after an insert or update (`new`), the primary key alone
 * after a delete (`old`: under row-level security Realtime sends no more).
 */
export interface LiveChange {
  new?: Record<string, unknown>;
  old?: Record<string, unknown>;
}

/** The prefix of one event's comment reads (comments.data.ts keys them ['comments', eventId, …]). */
export const eventComments = (eventId: string): QueryKey => ['comments', eventId];
/** Every comment read the page holds. */
export const ALL_COMMENTS: QueryKey = ['comments'];
/** One event's reactions, re-read and patched into the page's events read (live-community.ts). */
export const eventReactions = (eventId: string): QueryKey => ['events', 'page-event', eventId];
/** The page's whole events read. */
export const ALL_EVENTS: QueryKey = ['events', 'page'];

/**
 * What a change makes stale. `eventOfPost` finds the event whose shown comments hold a comment or reply
 * (undefined: not shown). A change that names its event touches that event only; a heart given or taken
 * back on a post the page does not show touches nothing; a reaction_removals row without a post is an event
 * reaction taken back. A delete, which names only its own id, touches the event of the post it removed, or
 * (a delete the page does not listen for) everything of its kind the page shows.
 */
export function staleFor(
  table: LiveTable,
  change: LiveChange,
  eventOfPost: (postId: string) => string | undefined,
): QueryKey[] {
  const row = { ...change.old, ...change.new };
  const text = (column: string) => (typeof row[column] === 'string' ? (row[column] as string) : undefined);
  const eventId = text('event_id');
  const post = text('comment_id') ?? text('reply_id');
  if (table === 'reactions' || (table === 'reaction_removals' && !post))
    return [eventId ? eventReactions(eventId) : ALL_EVENTS];
  if (table === 'comment_reactions' || table === 'reaction_removals') {
    if (!post) return [ALL_COMMENTS];
    const shownIn = eventOfPost(post);
    return shownIn ? [eventComments(shownIn)] : [];
  }
  if (eventId) return [eventComments(eventId)];
  const id = text('id');
  const shownIn = id === undefined ? undefined : eventOfPost(id);
  return [shownIn ? eventComments(shownIn) : ALL_COMMENTS];
}

interface PostLike {
  id: string;
  replies?: readonly { id: string }[];
}

/**
 * The event whose cached comment reads hold `postId` (a comment or a reply): each read is keyed
 * ['comments', eventId, …] and holds comments (a thread or a later page: `{ comments }`) or replies.
 */
export function eventHolding(
  entries: Iterable<readonly [QueryKey, unknown]>,
  postId: string,
): string | undefined {
  for (const [key, data] of entries) {
    // ['comments', 'first', …] is the page's first read: ids only, its threads are cached per event.
    if (key[0] !== 'comments' || key[1] === 'first' || typeof key[1] !== 'string') continue;
    const posts: readonly PostLike[] = Array.isArray(data)
      ? data
      : ((data as { comments?: readonly PostLike[] } | undefined)?.comments ?? []);
    if (posts.some((post) => post.id === postId || post.replies?.some((reply) => reply.id === postId)))
      return key[1];
  }
  return undefined;
}

export interface StaleBatchOptions {
  /** Marks the reads under these prefixes stale (and reads again what the page shows). */
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

  /** A change arrived that makes these prefixes stale (none: nothing the page shows). */
  change(prefixes: readonly QueryKey[]): void {
    if (prefixes.length === 0) return;
    for (const prefix of prefixes) this.pending.set(JSON.stringify(prefix), prefix);
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
