import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  visitorClient,
  type ServiceClient,
} from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf } from '../../lib/supabase/data';
import { sydneyToday } from '../../lib/format/today';
import { COMMENTS_PAGE, FIRST_COMMENTS, FIRST_REPLIES } from './comments';
import {
  fetchMoreComments,
  fetchOwnNewest,
  fetchReplies,
  fetchThreads,
  postComment,
  postReply,
  setHeart,
  updateOwnPost,
} from './comments.data';

// The comments area's calls with real supabase-js against the local stack, as two signed-in members.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let requests = 0;
const countingFetch: typeof fetch = (input, init) => {
  if (String(input instanceof Request ? input.url : input).includes('/rest/v1/')) requests += 1;
  return fetch(input, init);
};

const newMember = (email: string, fullName: string) =>
  signedInAccount(stack, { email, fullName }, visitorClient(stack, countingFetch));

let mia: { id: string; client: BrowserSupabase };
let olly: { id: string; client: BrowserSupabase };
let admin: ServiceClient;
const events: string[] = [];
const today = sydneyToday();
const daysFromToday = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  stack = await startTestStack();
  mia = await newMember('comments-mia@example.com', 'Mia Comments');
  olly = await newMember('comments-olly@example.com', 'Olly Comments');
  admin = serviceClient(stack);
  // Two upcoming events (one starting today) and one that started yesterday.
  const { data, error } = await admin
    .from('events')
    .insert(
      [0, 20, -1].map((days, n) => ({
        slug: `comments-${n}`,
        title: `Event ${n}`,
        status: 'published' as const,
        start_date: daysFromToday(days),
        end_date: daysFromToday(days + 2),
      })),
    )
    .select('id');
  if (error) throw error;
  events.push(...data.map((row) => row.id));
});
afterAll(async () => {
  await stack?.close();
});

const upcoming = { from: today };
const read = (member = mia) => fetchThreads({ scope: upcoming, first: 10 }, loaderOf(member.client));
const threadOf = async (eventId: string, member = mia) => (await read(member)).get(eventId)!.comments;

describe('comments data', () => {
  it('reads every upcoming event’s threads, with replies, names and hearts, in one request', async () => {
    const [first, second, past] = events as [string, string, string];
    expect(
      await postComment({ userId: mia.id, eventId: first, content: '  First!  ' }, loaderOf(mia.client)),
    ).toBe('done');
    expect(
      await postComment({ userId: olly.id, eventId: second, content: 'Elsewhere' }, loaderOf(olly.client)),
    ).toBe('done');
    const [comment] = await threadOf(first);
    expect(
      await postReply(
        {
          userId: olly.id,
          eventId: first,
          parentCommentId: comment!.id,
          content: '<script>alert(1)</script>',
        },
        loaderOf(olly.client),
      ),
    ).toBe('done');

    requests = 0;
    const threads = await read();
    expect(requests).toBe(1);
    expect(threads.get(first)).toMatchObject({
      total: 1,
      comments: [
        {
          author: 'Mia Comments',
          content: 'First!',
          edited: false,
          hearts: 0,
          hearted: false,
          attachmentUrl: null,
          replies: [{ author: 'Olly Comments', content: '<script>alert(1)</script>' }],
        },
      ],
    });
    expect(threads.get(second)!.comments.map((c) => c.content)).toEqual(['Elsewhere']);
    // An event that has started is not upcoming: not read at all.
    expect(threads.has(past)).toBe(false);
  });

  it('counts hearts for everyone and shows each member only their own', async () => {
    const [first] = events as [string];
    const [comment] = await threadOf(first);
    const reply = comment!.replies[0]!;
    const heart = (member: typeof mia, table: 'comments' | 'comment_replies', id: string, on: boolean) =>
      setHeart({ table, userId: member.id, id, on }, loaderOf(member.client));
    expect(await heart(olly, 'comments', comment!.id, true)).toBe('done');
    expect(await heart(mia, 'comments', comment!.id, true)).toBe('done');
    expect(await heart(mia, 'comment_replies', reply.id, true)).toBe('done');
    // Once each: a second heart is refused (unique per member and target).
    expect(await heart(mia, 'comments', comment!.id, true)).toBe('failed');

    const [forOlly] = await threadOf(first, olly);
    expect(forOlly).toMatchObject({ hearts: 2, hearted: true, replies: [{ hearts: 1, hearted: false }] });
    const [forMia] = await threadOf(first);
    expect(forMia).toMatchObject({ hearts: 2, hearted: true, replies: [{ hearts: 1, hearted: true }] });

    expect(await heart(mia, 'comments', comment!.id, false)).toBe('done');
    // Taking back a heart one never gave (or another's) changes nothing.
    expect(await heart(mia, 'comments', comment!.id, false)).toBe('failed');
    expect((await threadOf(first, olly))[0]).toMatchObject({ hearts: 1, hearted: true });
  });

  it('lets the author edit (marked edited) and soft-delete comments and replies, and nobody else', async () => {
    const [first] = events as [string];
    const [comment] = await threadOf(first);
    const reply = comment!.replies[0]!;
    const edit = (member: typeof mia, table: 'comments' | 'comment_replies', id: string, content: string) =>
      updateOwnPost({ table, userId: member.id, id, change: { content } }, loaderOf(member.client));
    const remove = (member: typeof mia, table: 'comments' | 'comment_replies', id: string) =>
      updateOwnPost({ table, userId: member.id, id, change: { delete: true } }, loaderOf(member.client));

    expect(await edit(olly, 'comments', comment!.id, 'Hijack')).toBe('failed');
    expect(await remove(olly, 'comments', comment!.id)).toBe('failed');
    expect(await edit(mia, 'comment_replies', reply.id, 'Hijack')).toBe('failed');
    expect(await remove(mia, 'comment_replies', reply.id)).toBe('failed');

    expect(await edit(olly, 'comment_replies', reply.id, 'Count me in')).toBe('done');
    expect(await edit(mia, 'comments', comment!.id, 'First, edited')).toBe('done');
    expect((await threadOf(first))[0]).toMatchObject({
      content: 'First, edited',
      edited: true,
      replies: [{ content: 'Count me in', edited: true }],
    });
    expect(await remove(olly, 'comment_replies', reply.id)).toBe('done');
    expect((await threadOf(first))[0]!.replies).toEqual([]);
    expect(await remove(mia, 'comments', comment!.id)).toBe('done');
    expect(await threadOf(first)).toEqual([]);
  });

  it('reads the first comments per event, pinned first, and the rest on demand', async () => {
    const [, second] = events as [string, string];
    const notes = FIRST_COMMENTS + COMMENTS_PAGE;
    const { data, error } = await admin
      .from('comments')
      .insert(
        Array.from({ length: notes }, (_, n) => ({
          event_id: second,
          user_id: n % 2 ? mia.id : olly.id,
          content: `Note ${n}`,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
          is_pinned: n === notes - 1,
        })),
      )
      .select('id');
    if (error) throw error;
    expect(data).toHaveLength(notes);

    // The limit is per event: the other upcoming event's comment still comes in the same request.
    const [first] = events as [string];
    expect(
      await postComment({ userId: olly.id, eventId: first, content: 'Still here' }, loaderOf(olly.client)),
    ).toBe('done');
    const threads = await read();
    expect(threads.get(first)!.comments.map((c) => c.content)).toEqual(['Still here']);
    // 'Elsewhere', posted today, is the newest of the second event's comments, so it comes last.
    const thread = threads.get(second)!;
    expect(thread.total).toBe(notes + 1);
    expect(thread.comments.map((c) => c.content)).toEqual([
      `Note ${notes - 1}`,
      ...Array.from({ length: FIRST_COMMENTS - 1 }, (_, n) => `Note ${n}`),
    ]);

    requests = 0;
    const next = await fetchMoreComments(
      { eventId: second, shown: FIRST_COMMENTS + COMMENTS_PAGE },
      loaderOf(mia.client),
    );
    expect(requests).toBe(1);
    expect(next.more).toBe(true);
    expect(next.comments.map((c) => c.content)).toEqual(
      Array.from({ length: COMMENTS_PAGE }, (_, n) => `Note ${FIRST_COMMENTS - 1 + n}`),
    );
    const rest = await fetchMoreComments(
      { eventId: second, shown: FIRST_COMMENTS + 2 * COMMENTS_PAGE },
      loaderOf(mia.client),
    );
    expect(rest.more).toBe(false);
    expect(rest.comments.map((c) => c.content).slice(-2)).toEqual([`Note ${notes - 2}`, 'Elsewhere']);
  });

  it('bounds the first read whatever the size: the first events, their first comments and replies', async () => {
    const [first, second] = events as [string, string];
    // A busy comment: more replies than a thread brings.
    const [busy] = await threadOf(second);
    const replies = FIRST_REPLIES + 4;
    const { error } = await admin.from('comment_replies').insert(
      Array.from({ length: replies }, (_, n) => ({
        event_id: second,
        parent_comment_id: busy!.id,
        user_id: olly.id,
        content: `Answer ${n}`,
        created_at: new Date(Date.UTC(2026, 0, 2, 0, n)).toISOString(),
      })),
    );
    if (error) throw error;

    // The page's first read: the scope's first event only (by start date, then id), in one request.
    requests = 0;
    const firstOnly = await fetchThreads({ scope: upcoming, first: 1 }, loaderOf(mia.client));
    expect(requests).toBe(1);
    expect([...firstOnly.keys()]).toEqual([first]);

    // Cards that come near the screen together: their events by id, in one request.
    requests = 0;
    const near = await fetchThreads({ ids: [first, second] }, loaderOf(mia.client));
    expect(requests).toBe(1);
    for (const thread of near.values()) {
      expect(thread.comments.length).toBeLessThanOrEqual(FIRST_COMMENTS);
      for (const comment of thread.comments)
        expect(comment.replies.length).toBeLessThanOrEqual(FIRST_REPLIES);
    }
    const shown = near.get(second)!.comments.find((comment) => comment.id === busy!.id)!;
    expect(shown.replyCount).toBe(replies);
    expect(shown.replies.map((reply) => reply.content)).toEqual(
      Array.from({ length: FIRST_REPLIES }, (_, n) => `Answer ${n}`),
    );

    // The rest of its replies, on demand, in one request.
    requests = 0;
    const all = await fetchReplies(busy!.id, loaderOf(mia.client));
    expect(requests).toBe(1);
    expect(all.map((reply) => reply.content)).toEqual(
      Array.from({ length: replies }, (_, n) => `Answer ${n}`),
    );
  });

  it('reads the member’s own newest comments on an event, which come last in the thread', async () => {
    const [, second] = events as [string, string];
    for (const content of ['Mine one', 'Mine two'])
      expect(await postComment({ userId: mia.id, eventId: second, content }, loaderOf(mia.client))).toBe(
        'done',
      );
    requests = 0;
    const own = await fetchOwnNewest({ eventId: second, userId: mia.id, count: 2 }, loaderOf(mia.client));
    expect(requests).toBe(1);
    expect(own.map((comment) => comment.content)).toEqual(['Mine one', 'Mine two']);
    expect(own.every((comment) => comment.userId === mia.id)).toBe(true);
  });
});
