import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { useMemberIdAsBuilt } from '../../stores/session-as-built';
import { showToast } from '../../stores/toasts';
import type { LoadClient } from '../../lib/supabase/data';
import { earlyReadsFor } from '../../lib/supabase/early-client';
import type { EventScope } from '../events/events.data';
import { CommentForm } from './CommentForm';
import { CommentItem, type Actions } from './CommentItem';
import { COMMENTS_PAGE, FIRST_COMMENTS } from './comments';
import { POSTING_TOO_FAST } from './rate-limit';
import {
  fetchMoreComments,
  fetchOwnNewest,
  fetchThreads,
  firstThreadsKey,
  moreCommentsKey,
  ownNewestKey,
  postComment,
  postReply,
  setHeart,
  threadKey,
  updateOwnPost,
  type WriteOutcome,
} from './comments.data';
import { threadBatcher } from './thread-batch';
import { useNear } from './use-near';

const TRY_AGAIN = 'Please try again.';

/**
 * Events whose comments come with the page's first read: the cards a phone or a desktop shows first. The
 * others read theirs when they come near the screen (issue 25: the first read stays small at any size).
 */
export const FIRST_EVENTS = 4;

/** Every card's thread read goes through one batcher: cards that come near together share a request. */
const loadThread = threadBatcher((ids) => fetchThreads({ ids }));

/** The first comments of the first FIRST_EVENTS events of `scope` (the page starts it early: events.astro). */
export const readFirstThreads = (scope: EventScope, client?: LoadClient) =>
  fetchThreads({ scope, first: FIRST_EVENTS }, client);

/**
 * The page's first comments read: the first FIRST_EVENTS events of `scope`, read beside the events (one
 * request), each put in its event's thread cache (threadKey), where the cards find it.
 */
export const firstThreadsQuery = (queryClient: QueryClient, scope: EventScope, userId: string) => ({
  queryKey: firstThreadsKey(scope, userId),
  queryFn: async () => {
    const threads = await readFirstThreads(scope, earlyReadsFor(userId));
    for (const [eventId, thread] of threads) queryClient.setQueryData(threadKey(eventId, userId), thread);
    return [...threads.keys()];
  },
  // Only the cards' own reads refresh later: live changes, the member's writes, a refocused window.
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * One event's comments (spec: Events page). `loadWhenNear`: read them only once the area comes near the
 * screen (the events list, whose first cards' comments the page's first read already holds).
 */
export function EventComments({
  eventId,
  loadWhenNear = false,
}: {
  eventId: string;
  loadWhenNear?: boolean;
}) {
  const memberId = useMemberIdAsBuilt();
  if (memberId === undefined) return null;
  return (
    <div className="border-border mt-6 border-t pt-4">
      <h3 className="text-lg font-semibold">Comments</h3>
      {memberId ? (
        <CommentsArea eventId={eventId} userId={memberId} loadWhenNear={loadWhenNear} />
      ) : (
        <p className="text-muted-foreground mt-2 text-sm">Please log in to view and post comments</p>
      )}
    </div>
  );
}

function CommentsArea({
  eventId,
  userId,
  loadWhenNear,
}: {
  eventId: string;
  userId: string;
  loadWhenNear: boolean;
}) {
  const queryClient = useQueryClient();
  const [nearRef, near] = useNear<HTMLDivElement>(!loadWhenNear);
  const first = useQuery({
    queryKey: threadKey(eventId, userId),
    queryFn: () => loadThread(eventId),
    enabled: near,
  });
  // Later pages, on demand: `shown` comments in all once the member asks for more.
  const [shown, setShown] = useState(FIRST_COMMENTS);
  const more = useQuery({
    queryKey: moreCommentsKey(eventId, shown, userId),
    queryFn: () => fetchMoreComments({ eventId, shown }),
    enabled: shown > FIRST_COMMENTS,
    placeholderData: keepPreviousData,
  });
  // What the member posts here comes last in the thread's order: it is shown after the rest until the
  // member pages that far (`posted`: how many they posted here).
  const [posted, setPosted] = useState(0);
  const own = useQuery({
    queryKey: ownNewestKey(eventId, posted, userId),
    queryFn: () => fetchOwnNewest({ eventId, userId, count: posted }),
    enabled: posted > 0,
    placeholderData: keepPreviousData,
  });
  const thread = first.data;
  const listed = [...(thread?.comments ?? []), ...(more.data?.comments ?? [])];
  const comments = [
    ...listed,
    ...(own.data ?? []).filter((comment) => !listed.some((shown) => shown.id === comment.id)),
  ];
  const hasMore =
    shown > FIRST_COMMENTS
      ? Boolean(more.data?.more)
      : Boolean(thread && thread.total > thread.comments.length);

  /** Tells the member how a write went; true when it was saved (the comments then read again). */
  async function finish(outcome: WriteOutcome, success: [string, string] | null, failure: string) {
    if (outcome === 'done') {
      if (success) showToast({ title: success[0], description: success[1], variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['comments', eventId] });
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

  // Far from the screen, a card holds only this line: its comments and form render once it comes near, so
  // a long list costs little to render (issue 25).
  if (!thread && !near)
    return (
      <div ref={nearRef}>
        <p className="text-muted-foreground mt-2 text-sm">Loading comments...</p>
      </div>
    );
  return (
    <div ref={nearRef}>
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
            <CommentItem key={comment.id} eventId={eventId} comment={comment} actions={actions} />
          ))}
        </ul>
      )}
      {thread && thread.total > 0 && (
        <p className="text-muted-foreground mt-3 text-sm">
          {comments.length} of {Math.max(thread.total, comments.length)} comments shown
        </p>
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
          ).then((saved) => {
            if (saved) setPosted((count) => count + 1);
            return saved;
          })
        }
      />
    </div>
  );
}
