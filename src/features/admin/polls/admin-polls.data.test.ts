import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Inbox,
  signedIn,
  subscribed,
  type ChangePayload,
} from '../../../../supabase/local/test/realtime/helpers';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { closePoll, createPoll, voteInPoll } from '../../polls/polls.data';
import { loaderOf } from '../../../lib/supabase/data';
import { fetchAdminPolls } from './admin-polls.data';

// /admin/polls' list with real supabase-js against the local stack: paging, search, state, sort, the totals
// and results, clear refusals of bad values, members refused; and the live path: a member's vote reaches an
// admin's Realtime channel (the select policy lets admins read every vote) and no other member's.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let admin: SupabaseClient;
let member: SupabaseClient;
let other: SupabaseClient;
const as = (client: SupabaseClient) => client as unknown as BrowserSupabase;
const word = 'Wombat';
const ids: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  admin = await signedIn(stack, 'admin@example.com');
  member = await signedIn(stack, 'member@example.com');
  other = await signedIn(stack, 'tom@example.com');
  // Three polls closing one, two and three days from now; the first is closed at once.
  for (const [index, question] of [`${word} one?`, `${word} two?`, `${word} three?`].entries()) {
    const closesAt = new Date(Date.now() + (index + 1) * 86_400_000);
    ids.push(
      await createPoll({ eventId: null, question, options: ['Yes', 'No'], closesAt }, loaderOf(as(admin))),
    );
  }
  await voteInPoll(ids[1]!, 1, loaderOf(as(member)));
  await voteInPoll(ids[1]!, 0, loaderOf(as(other)));
  await voteInPoll(ids[2]!, 1, loaderOf(as(member)));
  await closePoll(ids[0]!, loaderOf(as(admin)));
});
afterAll(async () => {
  await Promise.all([admin, member, other].map((client) => client?.removeAllChannels()));
  await stack?.close();
});

const questions = (page: { rows: { question: string }[] }) => page.rows.map((row) => row.question);

describe('the polls list', () => {
  it('pages with a total, newest closing first, with votes and results per option', async () => {
    const first = await fetchAdminPolls({ search: word, limit: 2 }, loaderOf(as(admin)));
    expect(first.total).toBe(3);
    expect(questions(first)).toEqual([`${word} three?`, `${word} two?`]);
    expect(first.rows[1]).toMatchObject({ votes: 2, results: [1, 1], is_open: true, event_title: null });
    const second = await fetchAdminPolls({ search: word, limit: 2, offset: 2 }, loaderOf(as(admin)));
    expect(questions(second)).toEqual([`${word} one?`]);
    expect(second.rows[0]).toMatchObject({ votes: 0, results: [0, 0], is_open: false });
  });

  it('filters open or closed polls and sorts by votes either way', async () => {
    expect(questions(await fetchAdminPolls({ search: word, state: 'closed' }, loaderOf(as(admin))))).toEqual([
      `${word} one?`,
    ]);
    expect((await fetchAdminPolls({ search: word, state: 'open' }, loaderOf(as(admin)))).total).toBe(2);
    const most = await fetchAdminPolls({ search: word, sort: 'votes', dir: 'desc' }, loaderOf(as(admin)));
    expect(most.rows.map((row) => row.votes)).toEqual([2, 1, 0]);
    const least = await fetchAdminPolls({ search: word, sort: 'votes', dir: 'asc' }, loaderOf(as(admin)));
    expect(least.rows.map((row) => row.votes)).toEqual([0, 1, 2]);
  });

  it('refuses a bad sort, direction, page or state with a clear message', async () => {
    const refused = (query: Parameters<typeof fetchAdminPolls>[0]) =>
      expect(fetchAdminPolls(query, loaderOf(as(admin)))).rejects.toMatchObject({ code: '22023' });
    await expect(fetchAdminPolls({ sort: 'options' as never }, loaderOf(as(admin)))).rejects.toMatchObject({
      message: 'The polls cannot be sorted by "options".',
    });
    await refused({ dir: 'sideways' as never });
    await refused({ limit: 0 });
    await refused({ limit: 5000 });
    await refused({ offset: -5 });
    await refused({ state: 'draft' as never });
  });

  it('is refused to a member', async () => {
    await expect(fetchAdminPolls({}, loaderOf(as(member)))).rejects.toMatchObject({ code: '42501' });
  });
});

describe('live results', () => {
  it("signal a member's vote to an admin's channel, and nothing to a member's, even of a deleted poll", async () => {
    const watch = async (client: SupabaseClient, name: string) => {
      const inbox = new Inbox();
      await subscribed(
        client
          .channel(name)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'poll_vote_signals' }, (payload) =>
            inbox.push(payload as unknown as ChangePayload),
          ),
      );
      return inbox;
    };
    const [adminInbox, otherInbox] = [await watch(admin, 'admin-votes'), await watch(other, 'other-votes')];
    await voteInPoll(ids[2]!, 0, loaderOf(as(other)));
    const signal = await adminInbox.next((payload) => payload.new.poll_id === ids[2], 'the vote');
    // One row per poll, stamped again: an UPDATE that names the poll and no voter.
    expect(signal.eventType).toBe('UPDATE');
    expect(Object.keys(signal.new).sort()).toEqual(['last_vote_at', 'poll_id']);

    // A deleted poll's DELETE reaches every subscriber (Realtime cannot check a policy on a gone row): it
    // carries the poll's id only, never who voted.
    const { error } = await admin.from('polls').delete().eq('id', ids[2]!);
    expect(error).toBeNull();
    const gone = await otherInbox.next((payload) => payload.eventType === 'DELETE', 'the DELETE');
    expect(Object.keys(gone.old)).toEqual(['poll_id']);
    await adminInbox.next((payload) => payload.eventType === 'DELETE', "the admin's DELETE");
    expect(otherInbox.received.map((payload) => payload.eventType)).toEqual(['DELETE']);
  });
});
