import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { getSupabase } from '../../lib/supabase/client';
import { $loading, $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { CommentForm } from './CommentForm';
import { CommentImage } from './CommentImage';
import { eventThreads, timeAgo, type Comment, type Reply } from './comments';
import {
  deleteComment,
  editComment,
  fetchEventComments,
  postComment,
  postReply,
  type WriteOutcome,
} from './comments.data';

const TRY_AGAIN = 'Please try again.';
const CONFIRM_DELETE = 'Are you sure you want to delete this comment? This action cannot be undone.';

/** One event's comments (spec: Events page). eventIds: every listed event, read together in one request. */
export function EventComments({ eventId, eventIds }: { eventId: string; eventIds: readonly string[] }) {
  const user = useStore($user);
  const loading = useStore($loading);
  if (loading) return null;
  return (
    <div className="border-border mt-6 border-t pt-4">
      <h3 className="text-lg font-semibold">Comments</h3>
      {user ? (
        <CommentsArea eventId={eventId} eventIds={eventIds} userId={user.id} />
      ) : (
        <p className="text-muted-foreground mt-2 text-sm">Please log in to view and post comments</p>
      )}
    </div>
  );
}

function CommentsArea({
  eventId,
  eventIds,
  userId,
}: {
  eventId: string;
  eventIds: readonly string[];
  userId: string;
}) {
  const queryClient = useQueryClient();
  const queryKey = ['comments', ...eventIds];
  const comments = useQuery({
    queryKey,
    queryFn: async () => fetchEventComments(await getSupabase(), eventIds),
  });
  const threads = comments.data ? eventThreads(comments.data.rows, eventId, comments.data.names) : [];

  /** Tells the member how a write went; true when it was saved (the list then reads again). */
  async function finish(outcome: WriteOutcome, success: [string, string], failure: string): Promise<boolean> {
    if (outcome === 'done') {
      showToast({ title: success[0], description: success[1], variant: 'success' });
      await queryClient.invalidateQueries({ queryKey });
      return true;
    }
    showToast({
      title: failure,
      description: TRY_AGAIN,
      variant: 'destructive',
    });
    return false;
  }
  const actions: Actions = {
    userId,
    reply: async (comment, content) =>
      finish(
        await postReply(await getSupabase(), { userId, eventId, parentCommentId: comment.id, content }),
        ['Reply added', 'Your reply has been posted successfully.'],
        'Failed to post reply',
      ),
    edit: async (comment, content) =>
      finish(
        await editComment(await getSupabase(), { userId, commentId: comment.id, content }),
        ['Comment updated', 'Your comment has been edited successfully.'],
        'Failed to update comment',
      ),
    remove: async (comment) =>
      finish(
        await deleteComment(await getSupabase(), { userId, commentId: comment.id }),
        ['Comment deleted', 'Your comment has been removed.'],
        'Failed to delete comment',
      ),
  };

  return (
    <div>
      {comments.isPending && <p className="text-muted-foreground mt-2 text-sm">Loading comments...</p>}
      {comments.isError && (
        <p role="alert" className="mt-2 text-sm">
          The comments could not be loaded. Please refresh the page.
        </p>
      )}
      {comments.data && threads.length === 0 && (
        <p className="text-muted-foreground mt-2 text-sm">No comments yet. Be the first to comment.</p>
      )}
      {threads.length > 0 && (
        <ul className="mt-2 grid gap-4">
          {threads.map((comment) => (
            <CommentItem key={comment.id} comment={comment} actions={actions} />
          ))}
        </ul>
      )}
      <CommentForm
        label="Add a comment"
        submitLabel="Post comment"
        imageFor={userId}
        onSubmit={async (content, attachment) =>
          finish(
            await postComment(await getSupabase(), {
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

interface Actions {
  userId: string;
  reply(comment: Comment, content: string): Promise<boolean>;
  edit(comment: Comment, content: string): Promise<boolean>;
  remove(comment: Comment): Promise<boolean>;
}

function Byline({
  userId,
  author,
  createdAt,
  edited,
}: {
  userId: string;
  author: string;
  createdAt: string;
  edited?: boolean;
}) {
  return (
    <p className="text-muted-foreground text-sm">
      <a href={`/customer/${userId}`} className="text-foreground font-medium underline">
        {author}
      </a>{' '}
      · <time dateTime={createdAt}>{timeAgo(createdAt)}</time>
      {edited && ' (edited)'}
    </p>
  );
}

function CommentItem({ comment, actions }: { comment: Comment; actions: Actions }) {
  const [mode, setMode] = useState<'read' | 'edit' | 'reply' | 'confirm-delete'>('read');
  const own = comment.userId === actions.userId;
  return (
    <li className="bg-muted/40 rounded-md p-3" aria-label={`Comment by ${comment.author}`}>
      {comment.pinned && <p className="text-xs font-semibold uppercase">Pinned</p>}
      <Byline
        userId={comment.userId}
        author={comment.author}
        createdAt={comment.createdAt}
        edited={comment.edited}
      />
      {mode === 'edit' ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.content}
          onCancel={() => setMode('read')}
          onSubmit={async (content) => {
            const saved = await actions.edit(comment, content);
            if (saved) setMode('read');
            return saved;
          }}
        />
      ) : (
        <p className="mt-1 break-words whitespace-pre-wrap">{comment.content}</p>
      )}
      {comment.attachmentUrl && comment.attachmentName && (
        <CommentImage url={comment.attachmentUrl} name={comment.attachmentName} authorId={comment.userId} />
      )}
      {mode === 'confirm-delete' && (
        <div role="alertdialog" aria-label="Delete comment" className="mt-2">
          <p className="text-sm">{CONFIRM_DELETE}</p>
          <div className="mt-2 flex gap-2">
            <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setMode('read')}>
              Cancel
            </button>
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              onClick={() => void actions.remove(comment).then((removed) => removed || setMode('read'))}
            >
              Delete
            </button>
          </div>
        </div>
      )}
      {mode === 'read' && (
        <div className="mt-2 flex gap-2">
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setMode('reply')}>
            Reply
          </button>
          {own && (
            <>
              <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setMode('edit')}>
                Edit
              </button>
              <button
                type="button"
                className={buttonClass('ghost', 'sm')}
                onClick={() => setMode('confirm-delete')}
              >
                Delete
              </button>
            </>
          )}
        </div>
      )}
      {comment.replies.length > 0 && (
        <ul
          className="border-border mt-3 grid gap-3 border-l-2 pl-4"
          aria-label={`Replies to ${comment.author}`}
        >
          {comment.replies.map((reply) => (
            <ReplyItem key={reply.id} reply={reply} />
          ))}
        </ul>
      )}
      {mode === 'reply' && (
        <CommentForm
          label={`Reply to ${comment.author}`}
          submitLabel="Post reply"
          onCancel={() => setMode('read')}
          onSubmit={async (content) => {
            const saved = await actions.reply(comment, content);
            if (saved) setMode('read');
            return saved;
          }}
        />
      )}
    </li>
  );
}

function ReplyItem({ reply }: { reply: Reply }) {
  return (
    <li>
      <Byline userId={reply.user_id} author={reply.author} createdAt={reply.created_at} />
      <p className="mt-1 break-words whitespace-pre-wrap">{reply.content}</p>
    </li>
  );
}
