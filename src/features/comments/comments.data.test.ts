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
import { COMMENTS_PAGE } from './comments';
import {
  fetchFirstPages,
  fetchMoreComments,
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
const read = (member = mia) => fetchFirstPages(upcoming, loaderOf(member.client));
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
      more: false,
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

  it('reads the first page per event, pinned first, and the rest on demand', async () => {
    const [, second] = events as [string, string];
    const total = COMMENTS_PAGE + 3;
    const { data, error } = await admin
      .from('comments')
      .insert(
        Array.from({ length: total }, (_, n) => ({
          event_id: second,
          user_id: n % 2 ? mia.id : olly.id,
          content: `Note ${n}`,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
          is_pinned: n === total - 1,
        })),
      )
      .select('id');
    if (error) throw error;
    expect(data).toHaveLength(total);

    // The limit is per event: the other upcoming event's comment still comes in the same request.
    const [first] = events as [string];
    expect(
      await postComment({ userId: olly.id, eventId: first, content: 'Still here' }, loaderOf(olly.client)),
    ).toBe('done');
    const pages = await read();
    expect(pages.get(first)!.comments.map((c) => c.content)).toEqual(['Still here']);
    const firstPage = pages.get(second)!;
    expect(firstPage.more).toBe(true);
    expect(firstPage.comments.map((c) => c.content)).toEqual([
      `Note ${total - 1}`,
      ...Array.from({ length: COMMENTS_PAGE - 1 }, (_, n) => `Note ${n}`),
    ]);

    requests = 0;
    const next = await fetchMoreComments(
      {
        eventId: second,
        shown: COMMENTS_PAGE * 2,
      },
      loaderOf(mia.client),
    );
    expect(requests).toBe(1);
    // The rest: 'Elsewhere', posted today, is the newest, so it comes last.
    expect(next.more).toBe(false);
    expect(next.comments.map((c) => c.content)).toEqual([
      ...Array.from({ length: 3 }, (_, n) => `Note ${COMMENTS_PAGE - 1 + n}`),
      'Elsewhere',
    ]);
  });
});
