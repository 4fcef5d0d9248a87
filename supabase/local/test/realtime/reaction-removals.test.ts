import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { EVENT_ONE, Inbox, MEMBER_ID, signedIn, subscribed, type ChangePayload } from './helpers.ts';

// How a heart or an event reaction taken back reaches other members (decision 0070), through supabase-js as
// the site subscribes: the DELETE arrives with its primary key alone, so it cannot say which post or event it
// was on; the removal signal (public.reaction_removals, written by a trigger) does, with the ids and nothing
// of who took it back.
describe.each(['pglite', 'postgres'] as const)('reaction removals over Realtime on %s', (database) => {
  let stack: TestStack;
  let author: SupabaseClient;
  let reader: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    author = await signedIn(stack, 'member@example.com');
    reader = await signedIn(stack, 'tom@example.com');
  });

  afterAll(async () => {
    await Promise.all([author, reader].map((client) => client?.removeAllChannels()));
    await stack?.close();
  });

  it('names the comment and event of a heart taken back, and the event of a reaction taken back', async () => {
    const removals = new Inbox();
    await subscribed(
      reader
        .channel('reaction-removal-signals')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'reaction_removals' },
          (payload) => removals.push(payload as unknown as ChangePayload),
        ),
    );

    const { data, error } = await author
      .from('comments')
      .insert({ event_id: EVENT_ONE, user_id: MEMBER_ID, content: 'heart me' })
      .select('id')
      .single();
    if (error) throw error;
    const comment = (data as { id: string }).id;
    expect(
      (await author.from('comment_reactions').insert({ user_id: MEMBER_ID, comment_id: comment })).error,
    ).toBeNull();
    expect((await author.from('comment_reactions').delete().eq('comment_id', comment)).error).toBeNull();

    const heart = await removals.next(
      (payload) => payload.new.comment_id === comment,
      'the heart taken back',
    );
    expect(heart.new).toMatchObject({ event_id: EVENT_ONE, comment_id: comment, reply_id: null });
    expect(heart.new).not.toHaveProperty('user_id');

    const reaction = { user_id: MEMBER_ID, event_id: EVENT_ONE, reaction_type: 'flame' } as const;
    await author.from('reactions').delete().match(reaction);
    expect((await author.from('reactions').insert(reaction)).error).toBeNull();
    const before = removals.received.length;
    expect(
      (await author.from('reactions').delete().match({ event_id: EVENT_ONE, reaction_type: 'flame' })).error,
    ).toBeNull();
    const taken = await removals.next(
      (payload) => removals.received.indexOf(payload) >= before && payload.new.comment_id === null,
      'the event reaction taken back',
    );
    expect(taken.new).toMatchObject({ event_id: EVENT_ONE, comment_id: null, reply_id: null });
  });
});
