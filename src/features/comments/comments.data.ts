/**
 * The comments area's calls (spec §7). Reading goes through two compact views (decision 0070):
 * comment_threads, a live comment with its author's public name, its heart count, the member's own heart,
 * its reply count and its first three replies; thread_replies, the same for one reply. Events' first
 * comments come FIRST_COMMENTS each, several events in one request (the page's first few events with the
 * events read, the others when their cards come near the screen, a live change's one event); later pages,
 * and a comment's other replies, load on demand. Row-level security shows members live comments on public
 * events (the views run with the member's rights and leave deleted posts out).
 */
import { DataError, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { inListOrder, type EventScope } from '../events/events.data';
import {
  FIRST_COMMENTS,
  toComments,
  toPage,
  toReply,
  type Comment,
  type CommentRow,
  type CommentsPage,
  type Reply,
  type ReplyRow,
  type Thread,
} from './comments';
import { COMMENT_SUSPENDED_SQLSTATE, refusedForRate } from './rate-limit';

const REPLY_COLUMNS =
  'id, user_id, author, content, created_at, edited, hearts, hearted, attachment_url, attachment_name';
const COMMENT_COLUMNS = `${REPLY_COLUMNS}, is_pinned, reply_count, replies`;

/**
 * The cache keys: every comments read starts with 'comments', then the event it belongs to, so a change
 * to one event refreshes that event's reads alone (['comments', eventId]) and ['comments'] all of them.
 * The page's first read is keyed by its scope; it fills each of its events' thread (threadKey).
 */
export const firstThreadsKey = (scope: EventScope, userId: string) =>
  ['comments', 'first', 'id' in scope ? scope.id : `from:${scope.from}`, userId] as const;
export const threadKey = (eventId: string, userId: string) =>
  ['comments', eventId, 'thread', userId] as const;
export const moreCommentsKey = (eventId: string, shown: number, userId: string) =>
  ['comments', eventId, 'more', shown, userId] as const;
export const repliesKey = (eventId: string, commentId: string, userId: string) =>
  ['comments', eventId, 'replies', commentId, userId] as const;
export const ownNewestKey = (eventId: string, count: number, userId: string) =>
  ['comments', eventId, 'own', count, userId] as const;

/** Which events' first comments to read: the first `first` events a scope lists, or these ids. */
export type ThreadsTarget = { scope: EventScope; first: number } | { ids: readonly string[] };

interface ThreadsRow {
  id: string;
  /** public.event_comment_counts' row (one-to-one with the event; none: no comments yet). */
  total: { comments: number } | null;
  threads: CommentRow[];
}

/** The first FIRST_COMMENTS comments of each target event (pinned first, then oldest), by event id. */
export async function fetchThreads(
  target: ThreadsTarget,
  client: LoadClient = sharedClient,
): Promise<Map<string, Thread>> {
  if ('ids' in target && target.ids.length === 0) return new Map();
  const supabase = await client();
  const query = supabase
    .from('events')
    .select(`id, total:event_comment_counts(comments), threads:comment_threads(${COMMENT_COLUMNS})`)
    .order('is_pinned', { ascending: false, referencedTable: 'threads' })
    .order('created_at', { ascending: true, referencedTable: 'threads' })
    .order('id', { ascending: true, referencedTable: 'threads' })
    .limit(FIRST_COMMENTS, { referencedTable: 'threads' });
  const events = unwrap(
    await (
      'ids' in target ? query.in('id', [...target.ids]) : inListOrder(query, target.scope).limit(target.first)
    ).overrideTypes<ThreadsRow[], { merge: false }>(),
  );
  return new Map(
    events.map((event) => [
      event.id,
      { comments: toComments(event.threads), total: event.total?.comments ?? 0 },
    ]),
  );
}

/** One event's comments after the first ones, up to `shown` in all (one more is asked, to know if more). */
export async function fetchMoreComments(
  input: { eventId: string; shown: number },
  client: LoadClient = sharedClient,
): Promise<CommentsPage> {
  const supabase = await client();
  const comments = unwrap(
    await supabase
      .from('comment_threads')
      .select(COMMENT_COLUMNS)
      .eq('event_id', input.eventId)
      .order('is_pinned', { ascending: false })
      .order('created_at', { ascending: true })
      .order('id', { ascending: true })
      .range(FIRST_COMMENTS, input.shown)
      .overrideTypes<CommentRow[], { merge: false }>(),
  );
  return toPage(comments, input.shown - FIRST_COMMENTS);
}

/**
 * The member's own `count` newest live comments on one event, oldest first: what they just posted here,
 * which comes last in the thread's order and so beyond the comments shown.
 */
export async function fetchOwnNewest(
  input: { eventId: string; userId: string; count: number },
  client: LoadClient = sharedClient,
): Promise<Comment[]> {
  const supabase = await client();
  const comments = unwrap(
    await supabase
      .from('comment_threads')
      .select(COMMENT_COLUMNS)
      .eq('event_id', input.eventId)
      .eq('user_id', input.userId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(input.count)
      .overrideTypes<CommentRow[], { merge: false }>(),
  );
  return toComments(comments.reverse());
}

/** Every live reply of one comment, oldest first (the thread showed its first three). */
export async function fetchReplies(commentId: string, client: LoadClient = sharedClient): Promise<Reply[]> {
  const supabase = await client();
  const replies = unwrap(
    await supabase
      .from('thread_replies')
      .select(REPLY_COLUMNS)
      .eq('parent_comment_id', commentId)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true })
      .overrideTypes<ReplyRow[], { merge: false }>(),
  );
  return replies.map(toReply);
}

/**
 * How a write ended: done, refused for posting too often (the database's per-minute limit), refused because
 * an admin suspended the member (the database's message says until when), or failed.
 */
export type WriteOutcome = 'done' | 'too-many' | 'failed' | { suspended: string };

/**
 * The one place a write's failure becomes an outcome, from the DataError's code and status. Anything else
 * thrown (supabase-js could not be loaded) is thrown on, as before, for the caller's own handling.
 */
async function outcomeOf(write: () => Promise<unknown>): Promise<WriteOutcome> {
  try {
    await write();
    return 'done';
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    if (error.code === COMMENT_SUSPENDED_SQLSTATE) return { suspended: error.message };
    return refusedForRate({ error, status: error.status ?? 0 }) ? 'too-many' : 'failed';
  }
}

/** An update or delete that matched no row: the post is gone, or not the member's. */
function someChanged(rows: unknown[]): void {
  if (rows.length === 0) throw new DataError('Nothing changed: the post is gone or not yours.');
}

export async function postComment(
  input: { userId: string; eventId: string; content: string; attachment?: { url: string; name: string } },
  client: LoadClient = sharedClient,
): Promise<WriteOutcome> {
  const supabase = await client();
  return outcomeOf(async () =>
    unwrap(
      await supabase.from('comments').insert({
        user_id: input.userId,
        event_id: input.eventId,
        content: input.content.trim(),
        // An uploaded image (comment-image.data.ts): its public URL and the picked file's name.
        ...(input.attachment && {
          attachment_url: input.attachment.url,
          attachment_name: input.attachment.name,
        }),
      }),
    ),
  );
}

export async function postReply(
  input: { userId: string; eventId: string; parentCommentId: string; content: string },
  client: LoadClient = sharedClient,
): Promise<WriteOutcome> {
  const supabase = await client();
  return outcomeOf(async () =>
    unwrap(
      await supabase.from('comment_replies').insert({
        user_id: input.userId,
        event_id: input.eventId,
        parent_comment_id: input.parentCommentId,
        content: input.content.trim(),
      }),
    ),
  );
}

/** Where a post lives: a comment or a reply (the same rules apply to both). */
export type PostTable = 'comments' | 'comment_replies';

/**
 * Changes the member's own comment or reply: its text (edit) or its deletion flag (soft delete, which
 * hides it, and a comment's replies with it). Scoped to id and user id (spec §7); no row changed (the post
 * is gone, or not theirs) is a failure.
 */
export async function updateOwnPost(
  input: { table: PostTable; userId: string; id: string; change: { content: string } | { delete: true } },
  client: LoadClient = sharedClient,
): Promise<WriteOutcome> {
  const supabase = await client();
  const change =
    'content' in input.change
      ? { content: input.change.content.trim(), updated_at: new Date().toISOString() }
      : { is_deleted: true };
  return outcomeOf(async () =>
    someChanged(
      unwrap(
        await supabase
          .from(input.table)
          .update(change)
          .eq('id', input.id)
          .eq('user_id', input.userId)
          .select('id'),
      ),
    ),
  );
}

/** Gives (on = true) or takes back the member's heart on a comment or a reply. */
export async function setHeart(
  input: { table: PostTable; userId: string; id: string; on: boolean },
  client: LoadClient = sharedClient,
): Promise<WriteOutcome> {
  const supabase = await client();
  const target = input.table === 'comments' ? 'comment_id' : 'reply_id';
  if (input.on) {
    const row: { user_id: string; comment_id?: string; reply_id?: string } = { user_id: input.userId };
    row[target] = input.id;
    return outcomeOf(async () => unwrap(await supabase.from('comment_reactions').insert(row)));
  }
  // Row-level security deletes only the member's own heart (user_id is not readable, so not filtered on,
  // and a deleted row cannot be returned): the count says whether there was one.
  return outcomeOf(async () => {
    const result = await supabase.from('comment_reactions').delete({ count: 'exact' }).eq(target, input.id);
    unwrap(result);
    someChanged(Array.from({ length: result.count ?? 0 }));
  });
}
