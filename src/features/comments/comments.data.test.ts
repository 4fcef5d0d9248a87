import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import type { Database } from '../../lib/supabase/database.types';
import { eventThreads } from './comments';
import { deleteComment, editComment, fetchEventComments, postComment, postReply } from './comments.data';

// The comments area's calls with real supabase-js against the local stack, as two signed-in members.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let requests = 0;
const countingFetch: typeof fetch = (input, init) => {
  if (String(input instanceof Request ? input.url : input).includes('/rest/v1/')) requests += 1;
  return fetch(input, init);
};

async function newMember(email: string, fullName: string): Promise<{ id: string; client: BrowserSupabase }> {
  const admin = createClient<Database>(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: 'correct-horse-7',
    email_confirm: true,
    user_metadata: { full_name: fullName },
  });
  if (error) throw error;
  const client = createClient<Database>(stack.url, stack.anonKey, {
    auth: { persistSession: false },
    global: { fetch: countingFetch },
  });
  const signIn = await client.auth.signInWithPassword({ email, password: 'correct-horse-7' });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, client };
}

let mia: { id: string; client: BrowserSupabase };
let olly: { id: string; client: BrowserSupabase };
const events: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  mia = await newMember('comments-mia@example.com', 'Mia Comments');
  olly = await newMember('comments-olly@example.com', 'Olly Comments');
  const admin = createClient<Database>(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
  const { data, error } = await admin
    .from('events')
    .insert(
      ['one', 'two', 'three'].map((n) => ({
        slug: `comments-${n}`,
        title: n,
        status: 'published' as const,
        start_date: '2030-01-10',
        end_date: '2030-01-12',
      })),
    )
    .select('id');
  if (error) throw error;
  events.push(...data.map((row) => row.id));
});
afterAll(async () => {
  await stack?.close();
});

const read = () => fetchEventComments(mia.client, events);
const threadsOf = async (eventId: string) => {
  const { rows, names } = await read();
  return eventThreads(rows, eventId, names);
};

describe('comments data', () => {
  it('posts comments and replies, and reads every event’s threads in two requests', async () => {
    const [first, second] = events as [string, string];
    expect(await postComment(mia.client, { userId: mia.id, eventId: first, content: '  First!  ' })).toBe(
      'done',
    );
    expect(await postComment(olly.client, { userId: olly.id, eventId: second, content: 'Elsewhere' })).toBe(
      'done',
    );
    const [comment] = await threadsOf(first);
    expect(
      await postReply(olly.client, {
        userId: olly.id,
        eventId: first,
        parentCommentId: comment!.id,
        content: '<script>alert(1)</script>',
      }),
    ).toBe('done');

    requests = 0;
    const { rows, names } = await read();
    expect(requests).toBe(2);
    const threads = eventThreads(rows, first, names);
    expect(threads).toMatchObject([
      {
        author: 'Mia Comments',
        content: 'First!',
        edited: false,
        replies: [{ author: 'Olly Comments', content: '<script>alert(1)</script>' }],
      },
    ]);
    expect(eventThreads(rows, second, names).map((c) => c.content)).toEqual(['Elsewhere']);
  });

  it('lets the author edit (marked edited) and soft-delete, and nobody else', async () => {
    const [first] = events as [string];
    const [comment] = await threadsOf(first);
    const id = comment!.id;
    expect(await editComment(olly.client, { userId: olly.id, commentId: id, content: 'Hijack' })).toBe(
      'failed',
    );
    expect(await deleteComment(olly.client, { userId: olly.id, commentId: id })).toBe('failed');
    expect(await editComment(mia.client, { userId: mia.id, commentId: id, content: 'First, edited' })).toBe(
      'done',
    );
    expect((await threadsOf(first))[0]).toMatchObject({ content: 'First, edited', edited: true });
    expect(await deleteComment(mia.client, { userId: mia.id, commentId: id })).toBe('done');
    expect(await threadsOf(first)).toEqual([]);
  });
});
