// /admin/polls' list: one page of polls with their results and the total in one request (admin_polls,
// migration 20261128200002: security definer, refused to anyone but an admin).
import { getSupabase, type BrowserSupabase } from '../../../lib/supabase/client';
import { PAGE_SIZE } from '../table/paging';

/** The list's sort keys and states, as admin_polls() takes them. */
export const POLL_SORTS = ['question', 'for', 'closes', 'votes', 'created'] as const;
export type PollSort = (typeof POLL_SORTS)[number];
export type PollState = '' | 'open' | 'closed';

export interface AdminPollRow {
  id: string;
  event_id: string | null;
  /** Null for a poll for all members. */
  event_title: string | null;
  question: string;
  options: string[];
  closes_at: string;
  created_at: string;
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
