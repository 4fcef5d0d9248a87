import { useStore } from '@nanostores/react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { $loading, $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import type { EventScope } from '../events/events.data';
import { CommentForm } from './CommentForm';
import { CommentItem, type Actions } from './CommentItem';
import { COMMENTS_PAGE } from './comments';
import { POSTING_TOO_FAST } from './rate-limit';
import {
  commentsKey,
  fetchFirstPages,
  fetchMoreComments,
  moreCommentsKey,
  postComment,
  postReply,
  setHeart,
  updateOwnPost,
  type WriteOutcome,
} from './comments.data';

const TRY_AGAIN = 'Please try again.';

/**
 * One event's comments (spec: Events page). `scope` names every event the page lists: their first pages
 * are read together, in one request the cards share.
 */
export function EventComments({ eventId, scope }: { eventId: string; scope: EventScope }) {
  const user = useStore($user);
  const loading = useStore($loading);
  if (loading && !user) return null;
  return (
    <div className="border-border mt-6 border-t pt-4">
      <h3 className="text-lg font-semibold">Comments</h3>
      {user ? (
        <CommentsArea eventId={eventId} scope={scope} userId={user.id} />
      ) : (
        <p className="text-muted-foreground mt-2 text-sm">Please log in to view and post comments</p>
      )}
    </div>
  );
}

/** Every listed event's first page of comments: one read, one cache entry the page's cards share. */
export const firstCommentsQuery = (scope: EventScope, userId: string) =>
  queryOptions({
    queryKey: commentsKey(scope, userId),
    queryFn: () => fetchFirstPages(scope),
  });

function CommentsArea({ eventId, scope, userId }: { eventId: string; scope: EventScope; userId: string }) {
  const queryClient = useQueryClient();
  const first = useQuery(firstCommentsQuery(scope, userId));
  // Later pages, on demand: `shown` comments in all once the member asks for more.
  const [shown, setShown] = useState(COMMENTS_PAGE);
  const more = useQuery({
    queryKey: moreCommentsKey(eventId, shown, userId),
    queryFn: () => fetchMoreComments({ eventId, shown }),
    enabled: shown > COMMENTS_PAGE,
    placeholderData: keepPreviousData,
  });
  const thread = first.data?.get(eventId);
  const comments = [...(thread?.comments ?? []), ...(more.data?.comments ?? [])];
  const hasMore = shown > COMMENTS_PAGE ? Boolean(more.data?.more) : Boolean(thread?.more);

  /** Tells the member how a write went; true when it was saved (the comments then read again). */
  async function finish(outcome: WriteOutcome, success: [string, string] | null, failure: string) {
    if (outcome === 'done') {
      if (success) showToast({ title: success[0], description: success[1], variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['comments'] });
      return true;
    }
    showToast({
      title: failure,
      description:
        typeof outcome === 'object'
          ? outcome.suspended
          : outcome === 'too-many'
            ? POSTING_TOO_FAST
            : TRY_AGAIN,
      variant: 'destructive',
    });
    return false;
  }
  const actions: Actions = {
    userId,
    reply: async (comment, content) =>
      finish(
        await postReply({ userId, eventId, parentCommentId: comment.id, content }),
        ['Reply added', 'Your reply has been posted successfully.'],
        'Failed to post reply',
      ),
    edit: async (table, post, content) =>
      finish(
        await updateOwnPost({ table, userId, id: post.id, change: { content } }),
        ['Comment updated', 'Your comment has been edited successfully.'],
        'Failed to update comment',
      ),
    remove: async (table, post) =>
      finish(
        await updateOwnPost({ table, userId, id: post.id, change: { delete: true } }),
        ['Comment deleted', 'Your comment has been removed.'],
        'Failed to delete comment',
      ),
    heart: async (table, post) =>
      finish(
        await setHeart({ table, userId, id: post.id, on: !post.hearted }),
        null,
        'Failed to update like',
      ),
  };

  return (
    <div>
      {first.isPending && <p className="text-muted-foreground mt-2 text-sm">Loading comments...</p>}
      {(first.isError || more.isError) && (
        <p role="alert" className="mt-2 text-sm">
          The comments could not be loaded. Please refresh the page.
        </p>
      )}
      {first.data && comments.length === 0 && (
        <p className="text-muted-foreground mt-2 text-sm">No comments yet. Be the first to comment.</p>
      )}
      {comments.length > 0 && (
        <ul className="mt-2 grid gap-4">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} actions={actions} />
          ))}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          className={buttonClass('outline', 'sm', 'mt-3')}
          // Only while the page asked for is on its way: a live re-read in the background (other members'
          // changes arrive all the time) must not swallow the member's click.
          disabled={more.isPlaceholderData}
          onClick={() => setShown((count) => count + COMMENTS_PAGE)}
        >
          Show more comments
        </button>
      )}
      <CommentForm
        label="Add a comment"
        submitLabel="Post comment"
        imageFor={userId}
        onSubmit={async (content, attachment) =>
          finish(
            await postComment({
              userId,
              eventId,
              content,
              ...(attachment && { attachment }),
            }),
            ['Comment added', 'Your comment has been posted successfully.'],
            'Failed to post comment',
          )
        }
      />
    </div>
  );
}
