import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { CommentForm } from './CommentForm';
import { CommentImage } from './CommentImage';
import { FlagButton } from './FlagButton';
import { FIRST_REPLIES, timeAgo, toggledHeart, type Comment, type Post } from './comments';
import { fetchReplies, repliesKey, type PostTable } from './comments.data';

const CONFIRM_DELETE = 'Are you sure you want to delete this comment? This action cannot be undone.';

/** What a member can do to comments and replies; each resolves true when the server kept it. */
export interface Actions {
  userId: string;
  reply(comment: Comment, content: string): Promise<boolean>;
  edit(table: PostTable, post: Post, content: string): Promise<boolean>;
  remove(table: PostTable, post: Post): Promise<boolean>;
  heart(table: PostTable, post: Post): Promise<boolean>;
}

/**
 * A comment, its replies and the reply form. The thread brings its first replies; the others are read
 * when the member asks for them.
 */
export function CommentItem({
  eventId,
  comment,
  actions,
}: {
  eventId: string;
  comment: Comment;
  actions: Actions;
}) {
  const [replying, setReplying] = useState(false);
  const [allReplies, setAllReplies] = useState(false);
  const everyReply = useQuery({
    queryKey: repliesKey(eventId, comment.id, actions.userId),
    queryFn: () => fetchReplies(comment.id),
    enabled: allReplies,
  });
  const replies = allReplies && everyReply.data ? everyReply.data : comment.replies;
  const hidden = comment.replyCount - replies.length;
  return (
    <li className="bg-muted/40 rounded-md p-3" aria-label={`Comment by ${comment.author}`}>
      {comment.pinned && <p className="text-xs font-semibold uppercase">Pinned</p>}
      <PostView
        post={comment}
        table="comments"
        actions={actions}
        extra={
          !replying && (
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setReplying(true)}>
              Reply
            </button>
          )
        }
      />
      {replies.length > 0 && (
        <ul
          className="border-border mt-3 grid gap-3 border-l-2 pl-4"
          aria-label={`Replies to ${comment.author}`}
        >
          {replies.map((reply) => (
            <li key={reply.id} aria-label={`Reply by ${reply.author}`}>
              <PostView post={reply} table="comment_replies" actions={actions} />
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <button
          type="button"
          className={buttonClass('ghost', 'sm', 'mt-2')}
          disabled={allReplies && everyReply.isPending}
          onClick={() => setAllReplies(true)}
        >
          Show all {comment.replyCount} replies<span className="sr-only"> to {comment.author}</span>
        </button>
      )}
      {everyReply.isError && (
        <p role="alert" className="mt-2 text-sm">
          The replies could not be loaded. Please refresh the page.
        </p>
      )}
      {replying && (
        <CommentForm
          label={`Reply to ${comment.author}`}
          submitLabel="Post reply"
          onCancel={() => setReplying(false)}
          onSubmit={async (content) => {
            const saved = await actions.reply(comment, content);
            if (saved) setReplying(false);
            // The new reply comes last: beyond the first ones, it shows only with all of them.
            if (saved && comment.replyCount >= FIRST_REPLIES) setAllReplies(true);
            return saved;
          }}
        />
      )}
    </li>
  );
}

/** A comment's or reply's byline, text and buttons: a heart for all, edit and delete for the author. */
function PostView({
  post,
  table,
  actions,
  extra,
}: {
  post: Post;
  table: PostTable;
  actions: Actions;
  extra?: ReactNode;
}) {
  const [mode, setMode] = useState<'read' | 'edit' | 'confirm-delete'>('read');
  const own = post.userId === actions.userId;
  const noun = table === 'comments' ? 'comment' : 'reply';
  return (
    <>
      <Byline post={post} />
      {mode === 'edit' ? (
        <CommentForm
          label={`Edit your ${noun}`}
          submitLabel="Save"
          initial={post.content}
          onCancel={() => setMode('read')}
          onSubmit={async (content) => {
            const saved = await actions.edit(table, post, content);
            if (saved) setMode('read');
            return saved;
          }}
        />
      ) : (
        <p className="mt-1 break-words whitespace-pre-wrap">{post.content}</p>
      )}
      {post.attachmentUrl && post.attachmentName && (
        <CommentImage url={post.attachmentUrl} name={post.attachmentName} authorId={post.userId} />
      )}
      {mode === 'confirm-delete' && (
        <div role="alertdialog" aria-label={`Delete ${noun}`} className="mt-2">
          <p className="text-sm">{CONFIRM_DELETE}</p>
          <div className="mt-2 flex gap-2">
            <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setMode('read')}>
              Cancel
            </button>
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              onClick={() => void actions.remove(table, post).then((removed) => removed || setMode('read'))}
            >
              Delete
            </button>
          </div>
        </div>
      )}
      {mode === 'read' && (
        <div className="mt-2 flex flex-wrap gap-2">
          <HeartButton post={post} onToggle={() => actions.heart(table, post)} />
          {extra}
          {!own && <FlagButton target={{ kind: noun, id: post.id }} author={post.author} />}
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
    </>
  );
}

function Byline({ post }: { post: Post }) {
  return (
    <p className="text-muted-foreground text-sm">
      <a href={`/customer/${post.userId}`} className="text-foreground font-medium underline">
        {post.author}
      </a>{' '}
      · <time dateTime={post.createdAt}>{timeAgo(post.createdAt)}</time>
      {post.edited && ' (edited)'}
    </p>
  );
}

/** The like toggle: shows the change at once, and the server's answer once the list has read it again. */
function HeartButton({ post, onToggle }: { post: Post; onToggle: () => Promise<boolean> }) {
  const [pending, setPending] = useState<Pick<Post, 'hearts' | 'hearted'> | null>(null);
  const { hearts, hearted } = pending ?? post;
  return (
    <button
      type="button"
      aria-pressed={hearted}
      className={buttonClass('ghost', 'sm')}
      onClick={() => {
        if (pending) return;
        setPending(toggledHeart(post));
        void onToggle().finally(() => setPending(null));
      }}
    >
      <span aria-hidden="true">{hearted ? '❤️' : '🤍'}</span>
      <span className="sr-only">Like</span>
      <span>{hearts}</span>
    </button>
  );
}
