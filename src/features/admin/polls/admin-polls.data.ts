// /admin/polls' list: one page of polls with their results and the total in one request (admin_polls,
// migration 20261128200002: security definer, refused to anyone but an admin).
import { getSupabase, type BrowserSupabase } from '../../../lib/supabase/client';
import type { Poll } from '../../polls/polls.data';
import { PAGE_SIZE } from '../table/paging';

/** The list's sort keys and states, as admin_polls() takes them. */
export const POLL_SORTS = ['question', 'for', 'closes', 'votes', 'created'] as const;
export type PollSort = (typeof POLL_SORTS)[number];
export type PollState = '' | 'open' | 'closed';

/** A poll as the list shows it: the poll, whether it is open, and its votes (admins see every count). */
export interface AdminPollRow extends Poll {
  is_open: boolean;
  votes: number;
  /** Votes per option, in the options' order. */
  results: number[];
}
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

export async function fetchAdminPolls(
  query: AdminPollsQuery = {},
  given?: BrowserSupabase,
): Promise<AdminPollsPage> {
  const supabase = given ?? (await getSupabase());
  const { data, error } = await supabase.rpc('admin_polls', {
    search: query.search ?? '',
    state: query.state ?? '',
    sort: query.sort ?? 'closes',
    dir: query.dir ?? 'desc',
    page_size: query.limit ?? PAGE_SIZE,
    page_offset: query.offset ?? 0,
  });
  if (error) throw error;
  return data as unknown as AdminPollsPage;
}
