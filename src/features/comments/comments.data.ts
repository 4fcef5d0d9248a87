/**
 * The comments area's calls (spec §7). Reading takes one request for the whole page, whatever the number
 * of events, comments, hearts and authors: every listed event with its first page of live comments
 * embedded (a per-event limit), each with its live replies, its author's public name (public_profiles),
 * its heart count (comment_heart_counts) and the member's own heart. Later pages of one event load on
 * demand, one request each. Row-level security shows members live comments on public events (and their
 * own deleted ones, which the filters leave out).
 */
import { DataError, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { inScope, type EventScope } from '../events/events.data';
import { COMMENTS_PAGE, toThread, type CommentRow, type Thread } from './comments';
import { COMMENT_SUSPENDED_SQLSTATE, refusedForRate } from './rate-limit';

// The author hint names the foreign key column (user_id → profiles, which public_profiles shows). The
// member's own heart comes from my_comment_hearts: nobody may read who gave a heart (decision 0058).
const POST_COLUMNS =
  'id, user_id, content, created_at, updated_at, attachment_url, attachment_name, ' +
  'author:public_profiles!user_id(full_name), hearts:comment_heart_counts(total), my_heart:my_comment_hearts(id)';
const COMMENT_COLUMNS = `${POST_COLUMNS}, event_id, is_pinned, comment_replies(${POST_COLUMNS})`;

/** The cache keys: every comments read starts with 'comments', so one prefix refreshes them all. */
export const commentsKey = (scope: EventScope, userId: string) =>
  ['comments', 'id' in scope ? scope.id : `from:${scope.from}`, userId] as const;
export const moreCommentsKey = (eventId: string, shown: number, userId: string) =>
  ['comments', 'more', eventId, shown, userId] as const;

interface CommentFilters<Query> {
  eq(column: string, value: string | boolean): Query;
  order(column: string, options: { ascending: boolean; referencedTable?: string }): Query;
}

/**
 * Live comments and replies only, in the page's order: pinned first, then oldest first (id breaks ties, so
 * pages never overlap); replies oldest first. `at` is where the comments are in the request: '' when they
 * are its rows, 'comments' when embedded under events. (my_comment_hearts holds the member's own hearts
 * only, so hearts need no filter.)
 */
function commentFilters<Query extends CommentFilters<Query>>(query: Query, at: string): Query {
  const path = (name: string) => (at ? `${at}.${name}` : name);
  const ordered = (q: Query, column: string, ascending: boolean) =>
    at ? q.order(column, { ascending, referencedTable: at }) : q.order(column, { ascending });
  let filtered = query
    .eq(path('is_deleted'), false)
    .eq(path('comment_replies.is_deleted'), false)
    .order('created_at', { ascending: true, referencedTable: path('comment_replies') });
  filtered = ordered(filtered, 'is_pinned', false);
  filtered = ordered(filtered, 'created_at', true);
  return ordered(filtered, 'id', true);
}

/** The first page of every listed event's comments, by event id. */
export async function fetchFirstPages(
  scope: EventScope,
  client: LoadClient = sharedClient,
): Promise<Map<string, Thread>> {
  const supabase = await client();
  const query = supabase
    .from('events')
    .select(`id, comments(${COMMENT_COLUMNS})`)
    .limit(COMMENTS_PAGE + 1, { referencedTable: 'comments' });
  const events = unwrap(
    await commentFilters(inScope(query, scope), 'comments').overrideTypes<
      { id: string; comments: CommentRow[] }[],
      { merge: false }
    >(),
  );
  return new Map(events.map((event) => [event.id, toThread(event.comments, COMMENTS_PAGE)]));
}

/** One event's comments after the first page, up to `shown` in all (one more is asked, to know if more). */
export async function fetchMoreComments(
  input: { eventId: string; shown: number },
  client: LoadClient = sharedClient,
): Promise<Thread> {
  const supabase = await client();
  const query = supabase
    .from('comments')
    .select(COMMENT_COLUMNS)
    .eq('event_id', input.eventId)
    .range(COMMENTS_PAGE, input.shown);
  const comments = unwrap(await commentFilters(query, '').overrideTypes<CommentRow[], { merge: false }>());
  return toThread(comments, input.shown - COMMENTS_PAGE);
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
