// What the comments area shows, from the rows the database returns: pure, so the tests can pin it down.
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';
import { COMMENT_MAX, commentTextOk } from './comment-rules';

/** A reply as public.thread_replies shows it (decision 0070): author's public name, hearts, edited. */
export interface ReplyRow {
  id: string;
  user_id: string;
  /** From public_profiles: null when the author has no public name. */
  author: string | null;
  content: string;
  created_at: string;
  edited: boolean;
  hearts: number;
  /** The member gave it a heart. */
  hearted: boolean;
  attachment_url: string | null;
  attachment_name: string | null;
}

/** A comment as public.comment_threads shows it: a reply's fields, its pin, reply count and first replies. */
export interface CommentRow extends ReplyRow {
  is_pinned: boolean;
  reply_count: number;
  replies: ReplyRow[];
}

/** A comment or a reply as the page shows it. */
export interface Post {
  id: string;
  userId: string;
  author: string;
  content: string;
  createdAt: string;
  edited: boolean;
  hearts: number;
  /** The member gave it a heart. */
  hearted: boolean;
  attachmentUrl: string | null;
  attachmentName: string | null;
}

export type Reply = Post;

export interface Comment extends Post {
  pinned: boolean;
  /** Its first replies (the view's first three); replyCount says how many it has in all. */
  replies: Reply[];
  replyCount: number;
}

/** One event's first comments, and how many live comments it has in all. */
export interface Thread {
  comments: Comment[];
  total: number;
}

/** A later page of one event's comments, and whether there are more after it. */
export interface CommentsPage {
  comments: Comment[];
  more: boolean;
}

/** The name shown for an author without a public name (spec §7). */
export const ANONYMOUS = 'Anonymous';

/**
 * Comments an event card shows at first (issue 25: the page's first read stays small at any size); the
 * rest come on demand, COMMENTS_PAGE at a time.
 */
export const FIRST_COMMENTS = 3;
/** Replies a comment brings with it (public.comment_threads' first three); the others on demand. */
export const FIRST_REPLIES = 3;
export const COMMENTS_PAGE = 10;

export function toReply(row: ReplyRow): Reply {
  return {
    id: row.id,
    userId: row.user_id,
    author: row.author?.trim() || ANONYMOUS,
    content: row.content,
    createdAt: row.created_at,
    edited: row.edited,
    hearts: row.hearts,
    hearted: row.hearted,
    attachmentUrl: row.attachment_url,
    attachmentName: row.attachment_name,
  };
}

/** Comments as the server ordered them (pinned first, then oldest first; replies oldest first). */
export function toComments(rows: readonly CommentRow[]): Comment[] {
  return rows.map((row) => ({
    ...toReply(row),
    pinned: row.is_pinned,
    replies: row.replies.map(toReply),
    replyCount: row.reply_count,
  }));
}

/**
 * A later page: the server is asked for one row more than `shown`; its presence says there is more to
 * load, and it is not shown.
 */
export function toPage(rows: readonly CommentRow[], shown: number): CommentsPage {
  return { comments: toComments(rows.slice(0, shown)), more: rows.length > shown };
}

/** A heart given (hearted = false) or taken back: the count and the member's state, before the server answers. */
export function toggledHeart(post: Post): Pick<Post, 'hearts' | 'hearted'> {
  return post.hearted
    ? { hearts: Math.max(0, post.hearts - 1), hearted: false }
    : { hearts: post.hearts + 1, hearted: true };
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en-AU', { numeric: 'always' });

/** How long ago, as the comments show it (spec §8): '3 minutes ago', '2 days ago'. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'less than a minute ago';
}

/** The comment, reply and edit form: one text box (an image, when there is one, stays outside the values). */
export type CommentField = 'content';
export type CommentValues = Record<CommentField, string>;

export const EMPTY_COMMENT: CommentValues = { content: '' };

/**
 * Something besides whitespace, at most COMMENT_MAX characters (commentTextOk, the database's CHECK). The
 * form's button stays disabled until the text passes, so these words are the last line of defence.
 */
export const COMMENT_RULES = formRules<CommentField>({
  content: (value) => {
    if (commentTextOk(value)) return undefined;
    return value.trim() === ''
      ? 'Please write something first.'
      : `A comment must be ${COMMENT_MAX.toLocaleString('en-AU')} characters or fewer.`;
  },
});

export function validateComment(values: CommentValues): FieldErrors<CommentField> {
  return ruleErrors(COMMENT_RULES, values);
}
