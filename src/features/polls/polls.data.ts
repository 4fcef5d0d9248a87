/**
 * Polls' data (supabase/migrations/20261127300001_create_polls.sql, decision 0041): the polls the caller can
 * see (RLS), their own votes, the results they may see (public.poll_results: admins always, members once they
 * voted), voting (an insert the database checks: open, a real option, once), and the admin's changes through
 * the table's admin-only policies.
 */
import { DataError, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';

export interface Poll {
  id: string;
  event_id: string | null;
  event_title: string | null;
  question: string;
  options: string[];
  closes_at: string;
  created_at: string;
}
export interface PollWithResults extends Poll {
  /** The option index the caller chose, or null when they have not voted. */
  myVote: number | null;
  /** Votes per option, or null when the caller may not see them yet. */
  results: number[] | null;
  /** Whether votes are taken (as of when the list was read). */
  isOpen: boolean;
}

interface ResultRow {
  poll_id: string;
  option_index: number;
  votes: number;
}

/**
 * A refusal the database explains (closed, no such option, already voted, bad field): a DataError whose
 * message is the database's own words, which the forms show as they are.
 */
export class PollRefusedError extends DataError {}

/**
 * A poll write's result (through unwrap), with the one place its failure is read: a unique or check
 * violation is a refusal the forms show in the database's words.
 */
async function withRefusals<T>(write: PromiseLike<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof DataError && (error.code === '23505' || error.code === '23514'))
      throw new PollRefusedError(error.message, error.code, error.status);
    throw error;
  }
}

/** Polls visible to the caller (optionally one event's, or only the all-members ones), newest closing first. */
export async function fetchPolls(
  scope: { eventId?: string | null; limit?: number } = {},
  client: LoadClient = sharedClient,
): Promise<PollWithResults[]> {
  const supabase = await client();
  let query = supabase
    .from('polls')
    .select('id, event_id, question, options, closes_at, created_at, events(title)')
    .order('closes_at', { ascending: false })
    .limit(scope.limit ?? 100);
  if (scope.eventId) query = query.eq('event_id', scope.eventId);
  const rows = unwrap(await query);
  const polls: Poll[] = rows.map(({ events, ...poll }) => ({ ...poll, event_title: events?.title ?? null }));
  if (polls.length === 0) return [];
  const ids = polls.map((poll) => poll.id);
  const { data: session } = await supabase.auth.getSession();
  const me = session.session?.user.id ?? '';
  // An admin may read every vote; only the caller's own say how they voted.
  const [votes, results] = await Promise.all([
    supabase
      .from('poll_votes')
      .select('poll_id, option_index')
      .in('poll_id', ids)
      .eq('user_id', me)
      .then(unwrap),
    // The type generator reads uuid[] arguments and RETURNS TABLE rows (its votes are bigint: ResultRow).
    supabase.rpc('poll_results', { poll_ids: ids }).returns<ResultRow[]>().then(unwrap),
  ]);
  return polls.map((poll) => {
    const counts = results.filter((row) => row.poll_id === poll.id);
    const mine = votes.find((vote) => vote.poll_id === poll.id);
    return {
      ...poll,
      myVote: mine?.option_index ?? null,
      isOpen: new Date(poll.closes_at).getTime() > Date.now(),
      results: counts.length
        ? poll.options.map((_, index) => counts.find((row) => row.option_index === index)?.votes ?? 0)
        : null,
    };
  });
}

/** The caller votes for one option; refused (PollRefusedError) when closed, unknown option or a second vote. */
export async function voteInPoll(
  pollId: string,
  optionIndex: number,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  await withRefusals(
    supabase.from('poll_votes').insert({ poll_id: pollId, option_index: optionIndex }).then(unwrap),
  );
}

export interface NewPoll {
  eventId: string | null;
  question: string;
  options: string[];
  closesAt: Date;
}

/** An admin creates a poll (the database checks the fields and that it closes in the future). */
export async function createPoll(poll: NewPoll, client: LoadClient = sharedClient): Promise<string> {
  const supabase = await client();
  const created = await withRefusals(
    supabase
      .from('polls')
      .insert({
        event_id: poll.eventId,
        question: poll.question.trim(),
        options: poll.options.map((option) => option.trim()),
        closes_at: poll.closesAt.toISOString(),
      })
      .select('id')
      .single()
      .then(unwrap),
  );
  return created.id;
}

/** An admin closes a poll now (no more votes; results stay). */
export async function closePoll(pollId: string, client: LoadClient = sharedClient): Promise<void> {
  const supabase = await client();
  const closed = await withRefusals(
    supabase
      .from('polls')
      .update({ closes_at: new Date().toISOString() })
      .eq('id', pollId)
      .select('id')
      .then(unwrap),
  );
  if (closed.length === 0) throw new DataError('The poll is gone or you may not change it.');
}

/** An admin deletes a poll and its votes. */
export async function deletePoll(pollId: string, client: LoadClient = sharedClient): Promise<void> {
  const supabase = await client();
  const deleted = await withRefusals(
    supabase.from('polls').delete().eq('id', pollId).select('id').then(unwrap),
  );
  if (deleted.length === 0) throw new DataError('The poll is gone or you may not delete it.');
}
