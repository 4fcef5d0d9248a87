/**
 * The moderation screen's data (supabase/migrations/20261127100001_comment_moderation.sql): the queue in one
 * RPC, every action through public.moderate_comment(), suspensions through public.suspend_commenter() and
 * the table's admin-only delete. Members get 42501 from all of them.
 */
import { getSupabase, type BrowserSupabase } from '../../../lib/supabase/client';

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
  last_flagged_at: string;
  flags: FlagReport[];
  suspended_until: string | null;
}

const client = async (given?: BrowserSupabase) => given ?? (await getSupabase());

export async function fetchModerationQueue(given?: BrowserSupabase): Promise<QueueItem[]> {
  const { data, error } = await (await client(given)).rpc('admin_moderation_queue');
  if (error) throw error;
  return (data ?? []) as unknown as QueueItem[];
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
