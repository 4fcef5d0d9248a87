import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceClient, signedInAccount } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf } from '../../lib/supabase/data';
import { POLL_OPTION_MAX, POLL_QUESTION_MAX, pollOptionsProblem, pollQuestionProblem } from './poll-rules';
import { closePoll, createPoll, deletePoll, fetchPolls, PollRefusedError, voteInPoll } from './polls.data';

// Polls with real supabase-js against the local stack: an admin creates one, a member votes once and then
// sees the results, a second vote is refused by the database, and a member cannot create, close or delete.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let admin: BrowserSupabase;
let member: BrowserSupabase;
let other: BrowserSupabase;
const inADay = () => new Date(Date.now() + 86_400_000);

beforeAll(async () => {
  stack = await startTestStack();
  admin = (await signedInAccount(stack, { email: 'polls-admin@example.com', admin: true })).client;
  member = (await signedInAccount(stack, { email: 'polls-member@example.com' })).client;
  other = (await signedInAccount(stack, { email: 'polls-other@example.com' })).client;
});
afterAll(async () => {
  await stack?.close();
});

describe('a poll', () => {
  it('takes one vote per member, shows results after voting, and admins see them live', async () => {
    const id = await createPoll(
      { eventId: null, question: 'Where next?', options: ['Ghosts', 'Castles', 'Both'], closesAt: inADay() },
      loaderOf(admin),
    );
    const before = (await fetchPolls({}, loaderOf(member))).find((poll) => poll.id === id);
    expect(before).toMatchObject({ myVote: null, results: null, options: ['Ghosts', 'Castles', 'Both'] });

    await voteInPoll(id, 1, loaderOf(member));
    const after = (await fetchPolls({}, loaderOf(member))).find((poll) => poll.id === id);
    expect(after).toMatchObject({ myVote: 1, results: [0, 1, 0] });

    await expect(voteInPoll(id, 0, loaderOf(member))).rejects.toThrow(PollRefusedError);
    await expect(voteInPoll(id, 0, loaderOf(member))).rejects.toThrow('You have already voted in this poll.');
    await expect(voteInPoll(id, 3, loaderOf(other))).rejects.toThrow('This poll has no such option.');

    await voteInPoll(id, 1, loaderOf(other));
    const seenByAdmin = (await fetchPolls({}, loaderOf(admin))).find((poll) => poll.id === id);
    expect(seenByAdmin).toMatchObject({ myVote: null, results: [0, 2, 0] });

    await closePoll(id, loaderOf(admin));
    const third = (await signedInAccount(stack, { email: 'polls-third@example.com' })).client;
    await expect(voteInPoll(id, 0, loaderOf(third))).rejects.toThrow(/This poll closed on/);
  });

  it('is created, closed and deleted by admins only; the database refuses bad fields', async () => {
    const poll = { eventId: null, question: 'Member poll?', options: ['Yes', 'No'], closesAt: inADay() };
    await expect(createPoll(poll, loaderOf(member))).rejects.toThrow();
    await expect(createPoll({ ...poll, options: ['Only one'] }, loaderOf(admin))).rejects.toThrow();
    await expect(createPoll({ ...poll, options: ['Same', 'same'] }, loaderOf(admin))).rejects.toThrow();
    await expect(
      createPoll({ ...poll, closesAt: new Date(Date.now() - 1000) }, loaderOf(admin)),
    ).rejects.toThrow('The closing time must be in the future.');
    const id = await createPoll(poll, loaderOf(admin));
    const { data: audit } = await admin.from('audit_log').select('action, entity_label').eq('entity_id', id);
    expect(audit).toEqual([{ action: 'insert', entity_label: 'Member poll?' }]);
    await expect(closePoll(id, loaderOf(member))).rejects.toThrow();
    await expect(deletePoll(id, loaderOf(member))).rejects.toThrow();
    await deletePoll(id, loaderOf(admin));
    expect((await fetchPolls({}, loaderOf(admin))).some((row) => row.id === id)).toBe(false);
  });

  it('agrees with the rules at the boundaries', async () => {
    const service = serviceClient(stack);
    const fits = async (question: string, options: string[]) =>
      !(
        await service
          .from('polls')
          .insert({ question, options, closes_at: inADay().toISOString() })
          .select('id')
      ).error;
    const long = 'q'.repeat(POLL_QUESTION_MAX);
    const option = 'o'.repeat(POLL_OPTION_MAX);
    for (const [question, options] of [
      [long, ['a', 'b']],
      [long + 'q', ['a', 'b']],
      ['Q', [option, 'b']],
      ['Q', [option + 'o', 'b']],
      ['Q', ['a', 'b', 'c', 'd', 'e', 'f']],
      ['Q', ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
      [' Q', ['a', 'b']],
    ] as [string, string[]][]) {
      const rule =
        pollQuestionProblem(question) === undefined &&
        question === question.trim() &&
        pollOptionsProblem(options) === undefined &&
        options.every((value) => value.length <= POLL_OPTION_MAX);
      expect(await fits(question, options), `${question.slice(0, 5)} ${options.length}`).toBe(rule);
    }
  });
});
