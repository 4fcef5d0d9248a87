// What the comments area shows, from the rows the database returns: pure, so the tests can pin it down.
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';
import { COMMENT_MAX, commentTextOk } from './comment-rules';

/** Hearts embedded under a comment or reply: the count (comment_heart_counts) and the member's own. */
interface HeartFields {
  hearts: { total: number }[];
  my_heart: { id: string }[];
}

export interface ReplyRow extends HeartFields {
  id: string;
  user_id: string;
  content: string;
  created_at: string;
  updated_at: string;
  attachment_url: string | null;
  attachment_name: string | null;
  /** From public_profiles: null when the author has no public name. */
  author: { full_name: string | null } | null;
}

export interface CommentRow extends ReplyRow {
  event_id: string;
  is_pinned: boolean;
  comment_replies: ReplyRow[];
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
  replies: Reply[];
}

/** One event's comments so far, and whether the event has more to load. */
export interface Thread {
  comments: Comment[];
  more: boolean;
}

/** The name shown for an author without a public name (spec §7). */
export const ANONYMOUS = 'Anonymous';

/** Comments per page of an event's thread: the first page comes with the events, the rest on demand. */
export const COMMENTS_PAGE = 10;

function toPost(row: ReplyRow): Post {
  return {
    id: row.id,
    userId: row.user_id,
    author: row.author?.full_name?.trim() || ANONYMOUS,
    content: row.content,
    createdAt: row.created_at,
    // The set_updated_at trigger stamps every update: a later updated_at means the text was edited.
    edited: Date.parse(row.updated_at) > Date.parse(row.created_at),
    hearts: row.hearts[0]?.total ?? 0,
    hearted: row.my_heart.length > 0,
    attachmentUrl: row.attachment_url,
    attachmentName: row.attachment_name,
  };
}

/**
 * Comments as the server ordered them (pinned first, then oldest first; replies oldest first) and
 * filtered them (no deleted comment or reply). The server is asked for one row more than `shown`: its
 * presence says there is more to load, and it is not shown.
 */
export function toThread(rows: readonly CommentRow[], shown: number): Thread {
  return {
    comments: rows.slice(0, shown).map((row) => ({
      ...toPost(row),
      pinned: row.is_pinned,
      replies: row.comment_replies.map(toPost),
    })),
    more: rows.length > shown,
  };
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
