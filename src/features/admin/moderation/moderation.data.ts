/**
 * The moderation screen's data (supabase/migrations/20261127100001_comment_moderation.sql): the queue one
 * page at a time (admin_moderation_queue, paged in 20261128200001), every action through public.moderate_comment(), suspensions through public.suspend_commenter() and
 * the table's admin-only delete. Members get 42501 from all of them.
 */
import type { Database } from '../../../lib/supabase/database.types';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import { PAGE_SIZE, pageOf, type WithNulls } from '../table/paging';

export type ModerationKind = 'comment' | 'reply';
export type ModerationAction = 'hide' | 'restore' | 'pin' | 'unpin' | 'dismiss';

type QueueRecord = Database['public']['Functions']['admin_moderation_queue']['Returns'][number];
/** One report of a post (public.moderation_report): reporter and time are always set, the reason may not be. */
export type FlagReport = Database['public']['CompositeTypes']['moderation_report'] & {
  reporter: string;
  at: string;
};
export type QueueItem = Omit<
  WithNulls<QueueRecord, 'last_flagged_at' | 'suspended_until'>,
  'total_count' | 'kind' | 'flags'
> & {
  kind: ModerationKind;
  /** Null last_flagged_at: a post with no open report (filters 'hidden' and 'all'). */
  flags: FlagReport[];
};

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

/** The queue's kind column holds 'comment' or 'reply', and every report has its reporter and time. */
function queueItem(record: Omit<QueueRecord, 'total_count'>): QueueItem {
  return {
    ...record,
    kind: record.kind as ModerationKind,
    flags: record.flags as FlagReport[],
  };
}

export const queueKey = (query: QueueQuery) => ['admin', 'moderation', 'queue', query] as const;

/** One page of the queue and how many posts match, in one request (0 for a page past the end). */
export async function fetchModerationQueue(
  query: QueueQuery = {},
  client: LoadClient = sharedClient,
): Promise<QueuePage> {
  const offset = query.offset ?? 0;
  const records = unwrap(
    await (
      await client()
    ).rpc('admin_moderation_queue', {
      search: query.search ?? '',
      filter: query.filter ?? 'open',
      sort: query.sort ?? 'last_report',
      direction: query.dir ?? 'desc',
      page_size: query.limit ?? PAGE_SIZE,
      page_offset: offset,
    }),
  );
  const page = pageOf(records, offset);
  return { rows: page.rows.map(queueItem), total: page.total ?? 0 };
}

export async function moderate(
  kind: ModerationKind,
  targetId: string,
  action: ModerationAction,
  client: LoadClient = sharedClient,
): Promise<void> {
  unwrap(await (await client()).rpc('moderate_comment', { kind, target_id: targetId, action }));
}

/** Suspends a member from commenting until `until`; the database refuses a past time or more than a year. */
export async function suspendCommenter(
  memberId: string,
  until: Date,
  reason: string | null,
  client: LoadClient = sharedClient,
): Promise<void> {
  unwrap(
    await (
      await client()
    ).rpc('suspend_commenter', {
      member_id: memberId,
      until: until.toISOString(),
      ...(reason === null ? {} : { reason }),
    }),
  );
}

export async function liftSuspension(memberId: string, client: LoadClient = sharedClient): Promise<void> {
  unwrap(await (await client()).from('comment_suspensions').delete().eq('user_id', memberId));
}
