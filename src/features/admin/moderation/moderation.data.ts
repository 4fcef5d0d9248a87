/**
 * The moderation screen's data (supabase/migrations/20261127100001_comment_moderation.sql): the queue one
 * page at a time (admin_moderation_queue, paged in 20261128200001), every action through public.moderate_comment(), suspensions through public.suspend_commenter() and
 * the table's admin-only delete. Members get 42501 from all of them.
 */
import { getSupabase, type BrowserSupabase } from '../../../lib/supabase/client';
import { PAGE_SIZE } from '../table/paging';

export type ModerationKind = 'comment' | 'reply';
export type ModerationAction = 'hide' | 'restore' | 'pin' | 'unpin' | 'dismiss';

export interface FlagReport {
  reporter: string;
  reason: string | null;
  at: string;
}
export interface QueueItem {
  kind: ModerationKind;
  target_id: string;
  event_id: string;
  event_title: string;
  author_id: string;
  author_name: string;
  content: string;
  hidden: boolean;
  pinned: boolean;
  posted_at: string;
  flag_count: number;
  /** Null for a post with no open report (filters 'hidden' and 'all'). */
  last_flagged_at: string | null;
  flags: FlagReport[];
  suspended_until: string | null;
}

const client = async (given?: BrowserSupabase) => given ?? (await getSupabase());

/** The queue's sort keys and filters, as admin_moderation_queue() takes them. */
export const QUEUE_SORTS = ['last_report', 'posted', 'reports', 'author', 'event'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const QUEUE_FILTERS = ['open', 'hidden', 'all'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

export interface QueueQuery {
  search?: string;
  filter?: QueueFilter;
  sort?: QueueSort;
  dir?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}
export interface QueuePage {
  total: number;
  rows: QueueItem[];
}

export const queueKey = (query: QueueQuery) => ['admin', 'moderation', 'queue', query] as const;

/** One page of the queue and how many posts match, in one request. */
export async function fetchModerationQueue(
  query: QueueQuery = {},
  given?: BrowserSupabase,
): Promise<QueuePage> {
  const { data, error } = await (
    await client(given)
  ).rpc('admin_moderation_queue', {
    search: query.search ?? '',
    filter: query.filter ?? 'open',
    sort: query.sort ?? 'last_report',
    dir: query.dir ?? 'desc',
    page_size: query.limit ?? PAGE_SIZE,
    page_offset: query.offset ?? 0,
  });
  if (error) throw error;
  return data as unknown as QueuePage;
}

export async function moderate(
  kind: ModerationKind,
  targetId: string,
  action: ModerationAction,
  given?: BrowserSupabase,
): Promise<void> {
  const { error } = await (
    await client(given)
  ).rpc('moderate_comment', {
    kind,
    target_id: targetId,
    action,
  });
  if (error) throw error;
}

/** Suspends a member from commenting until `until`; the database refuses a past time or more than a year. */
export async function suspendCommenter(
  memberId: string,
  until: Date,
  reason: string | null,
  given?: BrowserSupabase,
): Promise<void> {
  const { error } = await (
    await client(given)
  ).rpc('suspend_commenter', {
    member_id: memberId,
    until: until.toISOString(),
    ...(reason === null ? {} : { reason }),
  });
  if (error) throw error;
}

export async function liftSuspension(memberId: string, given?: BrowserSupabase): Promise<void> {
  const { error } = await (await client(given)).from('comment_suspensions').delete().eq('user_id', memberId);
  if (error) throw error;
}
