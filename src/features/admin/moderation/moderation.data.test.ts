import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishedEvent, signedInAccount } from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { loaderOf } from '../../../lib/supabase/data';
import { postComment } from '../../comments/comments.data';
import { flagPost } from '../../comments/flags.data';
import { fetchModerationQueue, liftSuspension, moderate, suspendCommenter } from './moderation.data';

// The moderation screen's calls with real supabase-js against the local stack: the queue, each action,
// suspensions the database enforces, the audit rows, and members refused every time.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let admin: BrowserSupabase;
let author: { id: string; client: BrowserSupabase };
let reporter: { id: string; client: BrowserSupabase };
let eventId: string;
let commentId: string;

const visibleToReporter = async () =>
  (await reporter.client.from('comments').select('id').eq('id', commentId)).data?.length ?? 0;
const item = async () =>
  (await fetchModerationQueue({ search: 'Rude words' }, loaderOf(admin))).rows.find(
    (row) => row.target_id === commentId,
  );

beforeAll(async () => {
  stack = await startTestStack();
  admin = (
    await signedInAccount(stack, { email: 'mod-admin@example.com', fullName: 'Mod Admin', admin: true })
  ).client;
  author = await signedInAccount(stack, { email: 'mod-author@example.com', fullName: 'Ann Author' });
  reporter = await signedInAccount(stack, { email: 'mod-reporter@example.com', fullName: 'Rex Reporter' });
  eventId = await publishedEvent(stack, 'moderation-trip', 'Moderation trip');
  expect(
    await postComment({ userId: author.id, eventId, content: 'Rude words' }, loaderOf(author.client)),
  ).toBe('done');
  commentId = (await author.client.from('comments').select('id').eq('content', 'Rude words').single()).data!
    .id;
  await flagPost({ kind: 'comment', id: commentId }, 'Offensive', loaderOf(reporter.client));
});
afterAll(async () => {
  await stack?.close();
});

describe('an admin', () => {
  it('sees a flagged comment with who flagged it, why and when', async () => {
    const row = await item();
    expect(row).toMatchObject({
      kind: 'comment',
      event_title: 'Moderation trip',
      author_name: 'Ann Author',
      content: 'Rude words',
      hidden: false,
      flag_count: 1,
    });
    expect(row?.flags[0]).toMatchObject({ reporter: 'Rex Reporter', reason: 'Offensive' });
  });

  it('hides and restores, pins and unpins, each in the audit log', async () => {
    await moderate('comment', commentId, 'hide', loaderOf(admin));
    expect(await visibleToReporter()).toBe(0);
    expect((await item())?.hidden).toBe(true);
    await moderate('comment', commentId, 'restore', loaderOf(admin));
    expect(await visibleToReporter()).toBe(1);
    await moderate('comment', commentId, 'pin', loaderOf(admin));
    expect((await item())?.pinned).toBe(true);
    await moderate('comment', commentId, 'unpin', loaderOf(admin));
    const audit = await admin.from('audit_log').select('action, after').eq('entity_id', commentId);
    expect(audit.data?.map((row) => row.after)).toEqual([
      { is_deleted: true },
      { is_deleted: false },
      { is_pinned: true },
      { is_pinned: false },
    ]);
  });

  it('refuses bad input clearly', async () => {
    await expect(moderate('reply', commentId, 'pin', loaderOf(admin))).rejects.toMatchObject({
      message: 'Only comments can be pinned.',
    });
    await expect(
      suspendCommenter(author.id, new Date(Date.now() - 1000), '', loaderOf(admin)),
    ).rejects.toMatchObject({
      message: 'The suspension must end in the future.',
    });
  });

  it('suspends a member, whose comments the database refuses with the date, and lifts it', async () => {
    const until = new Date(Date.now() + 30 * 86_400_000);
    await suspendCommenter(author.id, until, 'Cooling off', loaderOf(admin));
    const day = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(until);
    const refused = await postComment(
      { userId: author.id, eventId, content: 'Again' },
      loaderOf(author.client),
    );
    expect(typeof refused === 'object' && refused.suspended).toMatch(
      /^You are suspended from commenting until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m \(Sydney time\)\.$/,
    );
    expect(typeof refused === 'object' && refused.suspended).toContain(day);
    expect((await item())?.suspended_until).toBeTruthy();
    const own = await author.client.from('comment_suspensions').select('suspended_until');
    expect(own.data).toHaveLength(1);
    await liftSuspension(author.id, loaderOf(admin));
    expect(await postComment({ userId: author.id, eventId, content: 'Again' }, loaderOf(author.client))).toBe(
      'done',
    );
  });

  it('dismisses the reports, and the comment leaves the queue', async () => {
    await moderate('comment', commentId, 'dismiss', loaderOf(admin));
    expect(await item()).toBeUndefined();
  });
});

describe('a member calling the same endpoints', () => {
  it('is refused every time', async () => {
    await expect(fetchModerationQueue({}, loaderOf(reporter.client))).rejects.toMatchObject({
      code: '42501',
    });
    await expect(moderate('comment', commentId, 'hide', loaderOf(reporter.client))).rejects.toMatchObject({
      code: '42501',
    });
    await expect(
      suspendCommenter(author.id, new Date(Date.now() + 86_400_000), '', loaderOf(reporter.client)),
    ).rejects.toMatchObject({ code: '42501' });
    await liftSuspension(author.id, loaderOf(reporter.client));
    expect(await visibleToReporter()).toBe(1);
  });
});

describe('the queue as a paged list', () => {
  // Three posts of their own, found by a word no other test writes: two reported, one not.
  const word = 'Quokka';
  const ids: Record<'first' | 'second' | 'quiet', string> = { first: '', second: '', quiet: '' };
  beforeAll(async () => {
    for (const name of ['first', 'second', 'quiet'] as const) {
      const content = `${word} ${name}`;
      expect(await postComment({ userId: author.id, eventId, content }, loaderOf(author.client))).toBe(
        'done',
      );
      ids[name] = (
        await author.client.from('comments').select('id').eq('content', content).single()
      ).data!.id;
    }
    await flagPost({ kind: 'comment', id: ids.first }, 'One', loaderOf(reporter.client));
    await flagPost({ kind: 'comment', id: ids.second }, 'Two', loaderOf(reporter.client));
    await moderate('comment', ids.quiet, 'hide', loaderOf(admin));
  });
  const contents = (page: { rows: { content: string }[] }) => page.rows.map((row) => row.content);

  it('searches the text, pages with a total, and sorts both ways', async () => {
    const newest = await fetchModerationQueue({ search: word, limit: 1 }, loaderOf(admin));
    expect(newest.total).toBe(2);
    expect(contents(newest)).toEqual([`${word} second`]);
    const next = await fetchModerationQueue({ search: word, limit: 1, offset: 1 }, loaderOf(admin));
    expect(contents(next)).toEqual([`${word} first`]);
    const oldest = await fetchModerationQueue({ search: word, sort: 'posted', dir: 'asc' }, loaderOf(admin));
    expect(contents(oldest)).toEqual([`${word} first`, `${word} second`]);
    const byAuthor = await fetchModerationQueue({ search: 'Ann Author', filter: 'all' }, loaderOf(admin));
    expect(byAuthor.total).toBeGreaterThanOrEqual(3);
  });

  it('filters open reports, hidden posts or all posts', async () => {
    const hidden = await fetchModerationQueue({ search: word, filter: 'hidden' }, loaderOf(admin));
    expect(contents(hidden)).toEqual([`${word} quiet`]);
    expect(hidden.rows[0]).toMatchObject({ hidden: true, flag_count: 0, last_flagged_at: null, flags: [] });
    const all = await fetchModerationQueue(
      { search: word, filter: 'all', sort: 'reports', dir: 'desc' },
      loaderOf(admin),
    );
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.flag_count)).toEqual([1, 1, 0]);
  });

  it('refuses a bad sort, direction, page or filter with a clear message', async () => {
    const refused = (query: Parameters<typeof fetchModerationQueue>[0]) =>
      expect(fetchModerationQueue(query, loaderOf(admin))).rejects.toMatchObject({ code: '22023' });
    await refused({ sort: 'content; drop table x' as never });
    await expect(fetchModerationQueue({ sort: 'nope' as never }, loaderOf(admin))).rejects.toMatchObject({
      message: 'The queue cannot be sorted by "nope".',
      hint: 'Sort by last_report, posted, reports, author or event.',
    });
    await refused({ dir: 'up' as never });
    await refused({ limit: 0 });
    await refused({ limit: 1001 });
    await refused({ offset: -1 });
    await refused({ filter: 'deleted' as never });
  });

  it('is refused to a member', async () => {
    await expect(fetchModerationQueue({ filter: 'all' }, loaderOf(author.client))).rejects.toMatchObject({
      code: '42501',
    });
  });
});
