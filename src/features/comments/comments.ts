// What the comments area shows, from the rows the database returns: pure, so the tests can pin it down.

export interface ReplyRow {
  id: string;
  user_id: string;
  content: string;
  created_at: string;
  is_deleted: boolean;
}

export interface CommentRow {
  id: string;
  event_id: string;
  user_id: string;
  content: string;
  created_at: string;
  updated_at: string;
  is_deleted: boolean;
  is_pinned: boolean;
  attachment_url: string | null;
  attachment_name: string | null;
  comment_replies: ReplyRow[];
}

export interface Reply extends Omit<ReplyRow, 'is_deleted'> {
  author: string;
}

export interface Comment {
  id: string;
  userId: string;
  author: string;
  content: string;
  createdAt: string;
  edited: boolean;
  pinned: boolean;
  attachmentUrl: string | null;
  attachmentName: string | null;
  replies: Reply[];
}

/** The name shown for an author without a public name (spec §7). */
export const ANONYMOUS = 'Anonymous';

const byCreated = (a: { created_at: string }, b: { created_at: string }) =>
  Date.parse(a.created_at) - Date.parse(b.created_at);

/**
 * One event's comments: pinned first, then oldest first; each with its replies, oldest first. Deleted
 * comments and replies are left out, and a deleted comment takes its replies with it (spec §5).
 */
export function eventThreads(
  rows: readonly CommentRow[],
  eventId: string,
  names: ReadonlyMap<string, string>,
): Comment[] {
  const nameOf = (userId: string) => names.get(userId)?.trim() || ANONYMOUS;
  return rows
    .filter((row) => row.event_id === eventId && !row.is_deleted)
    .sort((a, b) => Number(b.is_pinned) - Number(a.is_pinned) || byCreated(a, b))
    .map((row) => ({
      id: row.id,
      userId: row.user_id,
      author: nameOf(row.user_id),
      content: row.content,
      createdAt: row.created_at,
      edited: Date.parse(row.updated_at) > Date.parse(row.created_at),
      pinned: row.is_pinned,
      attachmentUrl: row.attachment_url,
      attachmentName: row.attachment_name,
      replies: row.comment_replies
        .filter((reply) => !reply.is_deleted)
        .sort(byCreated)
        .map(({ id, user_id, content, created_at }) => ({
          id,
          user_id,
          content,
          created_at,
          author: nameOf(user_id),
        })),
    }));
}

/** Everyone who wrote a comment or reply among the rows: whose names to look up. */
export function authorIds(rows: readonly CommentRow[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    ids.add(row.user_id);
    for (const reply of row.comment_replies) ids.add(reply.user_id);
  }
  return [...ids].sort();
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
