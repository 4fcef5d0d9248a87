// /admin/polls' list: one page of polls with their results and the total in one request (admin_polls,
// migration 20261129200001: security definer, refused to anyone but an admin).
import type { Database } from '../../../lib/supabase/database.types';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import { PAGE_SIZE, pageOf, type WithNulls } from '../table/paging';

/** The list's sort keys and states, as admin_polls() takes them (the state is its filter). */
export const POLL_SORTS = ['question', 'for', 'closes', 'votes', 'created'] as const;
export type PollSort = (typeof POLL_SORTS)[number];
export type PollState = '' | 'open' | 'closed';

type PollRecord = Database['public']['Functions']['admin_polls']['Returns'][number];
/**
 * A poll as the list shows it: the poll (event_id and event_title null for a poll for every member), whether
 * it is open, its votes (admins see every count) and the votes per option, in the options' order.
 */
export type AdminPollRow = Omit<WithNulls<PollRecord, 'event_id' | 'event_title'>, 'total_count'>;
export interface AdminPollsPage {
  total: number;
  rows: AdminPollRow[];
}
export interface AdminPollsQuery {
  search?: string;
  state?: PollState;
  sort?: PollSort;
  dir?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export const adminPollsKey = (query: AdminPollsQuery) => ['admin', 'polls', 'list', query] as const;

/** One page of polls and how many match, in one request (0 for a page past the end). */
export async function fetchAdminPolls(
  query: AdminPollsQuery = {},
  client: LoadClient = sharedClient,
): Promise<AdminPollsPage> {
  const offset = query.offset ?? 0;
  const records = unwrap(
    await (
      await client()
    ).rpc('admin_polls', {
      search: query.search ?? '',
      filter: query.state ?? '',
      sort: query.sort ?? 'closes',
      direction: query.dir ?? 'desc',
      page_size: query.limit ?? PAGE_SIZE,
      page_offset: offset,
    }),
  );
  const page = pageOf(records, offset);
  return { rows: page.rows, total: page.total ?? 0 };
}
