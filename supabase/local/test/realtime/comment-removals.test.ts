import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { EVENT_ONE, Inbox, MEMBER_ID, contentIs, signedIn, subscribed, watchComments } from './helpers.ts';

// How a soft delete reaches other members (decision 0029), through supabase-js as the site subscribes:
// the comments UPDATE that hides the row is not theirs to read, so it never arrives; the removal signal
// (public.comment_removals, written by a trigger) does, with the comment's ids.
describe.each(['pglite', 'postgres'] as const)('comment removals over Realtime on %s', (database) => {
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

  it('delivers the removal, not the hidden UPDATE, to another member', async () => {
    const comments = await watchComments(reader, 'removal-comments');
    const removals = new Inbox();
    await subscribed(
      reader
        .channel('removal-signals')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'comment_removals' }, (payload) =>
          removals.push(payload as unknown as Parameters<Inbox['push']>[0]),
        ),
    );

    const { data, error } = await author
      .from('comments')
      .insert({ event_id: EVENT_ONE, user_id: MEMBER_ID, content: 'soon gone' })
      .select('id')
      .single();
    if (error) throw error;
    const id = (data as { id: string }).id;
    await comments.inbox.next(contentIs('soon gone'), 'the INSERT');
    expect((await author.from('comments').update({ is_deleted: true }).eq('id', id)).error).toBeNull();

    const signal = await removals.next((payload) => payload.new.comment_id === id, 'the removal');
    expect(signal.new).toMatchObject({ event_id: EVENT_ONE, comment_id: id, reply_id: null });
    // A later change the reader may see: once it arrived, the hidden UPDATE would have arrived before it.
    await author.from('comments').insert({ event_id: EVENT_ONE, user_id: MEMBER_ID, content: 'sentinel' });
    await comments.inbox.next(contentIs('sentinel'));
    expect(comments.inbox.received.map((payload) => payload.eventType)).toEqual(['INSERT', 'INSERT']);
  });
});
