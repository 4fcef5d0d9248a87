/**
 * The comments area's calls (spec §7). Reading takes two requests for the whole page, whatever the number
 * of events and comments: every listed event's comments with their replies embedded, then their authors'
 * names. Row-level security shows members live comments on public events (and their own deleted ones,
 * which the area hides).
 */
import type { BrowserSupabase } from '../../lib/supabase/client';
import { authorIds, type CommentRow } from './comments';

export interface EventComments {
  rows: CommentRow[];
  names: Map<string, string>;
}

export async function fetchEventComments(
  client: BrowserSupabase,
  eventIds: readonly string[],
): Promise<EventComments> {
  if (eventIds.length === 0) return { rows: [], names: new Map() };
  const { data, error } = await client
    .from('comments')
    .select(
      'id, event_id, user_id, content, created_at, updated_at, is_deleted, is_pinned, ' +
        'attachment_url, attachment_name, ' +
        'comment_replies (id, user_id, content, created_at, is_deleted)',
    )
    .in('event_id', eventIds)
    .eq('is_deleted', false)
    .eq('comment_replies.is_deleted', false)
    .order('is_pinned', { ascending: false })
    .order('created_at', { ascending: true })
    .order('created_at', { ascending: true, referencedTable: 'comment_replies' })
    .returns<CommentRow[]>();
  if (error) throw new Error(error.message);
  const ids = authorIds(data);
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const profiles = await client.from('public_profiles').select('id, full_name').in('id', ids);
    if (profiles.error) throw new Error(profiles.error.message);
    for (const { id, full_name } of profiles.data) if (id && full_name) names.set(id, full_name);
  }
  return { rows: data, names };
}

/** How a write ended. */
export type WriteOutcome = 'done' | 'failed';

function outcomeOf(result: { error: unknown }): WriteOutcome {
  return result.error ? 'failed' : 'done';
}

export async function postComment(
  client: BrowserSupabase,
  input: { userId: string; eventId: string; content: string; attachment?: { url: string; name: string } },
): Promise<WriteOutcome> {
  return outcomeOf(
    await client.from('comments').insert({
      user_id: input.userId,
      event_id: input.eventId,
      content: input.content.trim(),
      // An uploaded image (comment-image.data.ts): its public URL and the picked file's name.
      ...(input.attachment && {
        attachment_url: input.attachment.url,
        attachment_name: input.attachment.name,
      }),
    }),
  );
}

export async function postReply(
  client: BrowserSupabase,
  input: { userId: string; eventId: string; parentCommentId: string; content: string },
): Promise<WriteOutcome> {
  return outcomeOf(
    await client.from('comment_replies').insert({
      user_id: input.userId,
      event_id: input.eventId,
      parent_comment_id: input.parentCommentId,
      content: input.content.trim(),
    }),
  );
}

/** Changes the text of the member's own comment (scoped to id and user id, spec §7). */
export async function editComment(
  client: BrowserSupabase,
  input: { userId: string; commentId: string; content: string },
): Promise<WriteOutcome> {
  const result = await client
    .from('comments')
    .update({ content: input.content.trim(), updated_at: new Date().toISOString() })
    .eq('id', input.commentId)
    .eq('user_id', input.userId)
    .select('id');
  if (!result.error && result.data.length === 0) return 'failed';
  return outcomeOf(result);
}

/** Soft-deletes the member's own comment: it and its replies disappear from the page. */
export async function deleteComment(
  client: BrowserSupabase,
  input: { userId: string; commentId: string },
): Promise<WriteOutcome> {
  const result = await client
    .from('comments')
    .update({ is_deleted: true })
    .eq('id', input.commentId)
    .eq('user_id', input.userId)
    .select('id');
  if (!result.error && result.data.length === 0) return 'failed';
  return outcomeOf(result);
}
