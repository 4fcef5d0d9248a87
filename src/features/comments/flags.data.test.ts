import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishedEvent, serviceClient, signedInAccount } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import { COMMENTS_PER_MINUTE } from './comment-rules';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf } from '../../lib/supabase/data';
import { postComment, postReply } from './comments.data';
import { flagPost } from './flags.data';

// Reports and the posting limit with real supabase-js against the local stack, the limit at the project's
// value (test stacks otherwise raise it).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;

const newMember = (email: string) => signedInAccount(stack, { email, fullName: email });

let nina: { id: string; client: BrowserSupabase };
let ravi: { id: string; client: BrowserSupabase };
let eventId: string;

beforeAll(async () => {
  stack = await startTestStack({ postsPerMinute: COMMENTS_PER_MINUTE });
  nina = await newMember('flags-nina@example.com');
  ravi = await newMember('flags-ravi@example.com');
  eventId = await publishedEvent(stack, 'flags-trip', 'Flags trip');
});

afterAll(async () => {
  await stack?.close();
});

async function newComment(content: string): Promise<string> {
  expect(await postComment({ userId: nina.id, eventId, content }, loaderOf(nina.client))).toBe('done');
  const { data, error } = await nina.client.from('comments').select('id').eq('content', content).single();
  if (error) throw error;
  return data.id;
}

describe('flags data', () => {
  it("reports someone else's comment once; a second report says it was reported already", async () => {
    const commentId = await newComment('Flag me');
    const target = { kind: 'comment' as const, id: commentId };
    expect(await flagPost(target, '  Spam, twice  ', loaderOf(ravi.client))).toBe('done');
    expect(await flagPost(target, '', loaderOf(ravi.client))).toBe('already');
    const { data } = await ravi.client.from('comment_flags').select('user_id, comment_id, reason');
    expect(data).toEqual([{ user_id: ravi.id, comment_id: commentId, reason: 'Spam, twice' }]);
    // The author reads nobody's report of their comment.
    expect((await nina.client.from('comment_flags').select('id')).data).toEqual([]);
  });

  it("reports a reply; one's own words cannot be reported", async () => {
    const commentId = await newComment('Reply under me');
    expect(
      await postReply(
        {
          userId: ravi.id,
          eventId,
          parentCommentId: commentId,
          content: 'A reply',
        },
        loaderOf(ravi.client),
      ),
    ).toBe('done');
    const { data } = await ravi.client.from('comment_replies').select('id').eq('content', 'A reply').single();
    expect(await flagPost({ kind: 'reply', id: data!.id }, 'Rude', loaderOf(nina.client))).toBe('done');
    expect(await flagPost({ kind: 'reply', id: data!.id }, '', loaderOf(ravi.client))).toBe('failed');
  });
});

describe('posting limit', () => {
  it(`refuses a member's post past ${COMMENTS_PER_MINUTE} a minute with a distinct outcome`, async () => {
    const admin = serviceClient(stack);
    const member = await newMember('flags-quinn@example.com');
    const outcomes = [];
    for (let i = 0; i <= COMMENTS_PER_MINUTE; i += 1) {
      outcomes.push(
        await postComment({ userId: member.id, eventId, content: `n${i}` }, loaderOf(member.client)),
      );
    }
    expect(outcomes).toEqual([...Array<string>(COMMENTS_PER_MINUTE).fill('done'), 'too-many']);
    // Replies count with comments; an operator is not limited.
    const { data } = await admin.from('comments').select('id').eq('user_id', member.id).limit(1).single();
    expect(
      await postReply(
        { userId: member.id, eventId, parentCommentId: data!.id, content: 'r' },
        loaderOf(member.client),
      ),
    ).toBe('too-many');
    const operator = await admin
      .from('comments')
      .insert({ user_id: member.id, event_id: eventId, content: 'op' });
    expect(operator.error).toBeNull();
  });
});
