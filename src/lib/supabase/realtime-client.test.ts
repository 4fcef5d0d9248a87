import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import { createBrowserClient } from './browser-client';
import { createRealtimeClient, type RealtimeClient } from './realtime-client';

// The browser's Realtime client against the real local stack: it listens with the member's token once
// signed in (a removal signal, which only members may read, arrives) and with the API key once signed out
// (it no longer does), as supabase-js's own client does.

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const EVENT_ONE = 'e0000000-0000-4000-8000-000000000001';
const MEMBER_ID = 'a0000000-0000-4000-8000-000000000002';

function waitFor<T>(list: T[], test: (item: T) => boolean, what: string): Promise<T> {
  return vi.waitFor(
    () => {
      const found = list.find(test);
      if (!found) throw new Error(`still waiting for ${what}`);
      return found;
    },
    { timeout: 8_000, interval: 50 },
  );
}

let stack: TestStack;
let realtime: RealtimeClient | undefined;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await realtime?.removeAllChannels();
  realtime?.disconnect();
  await stack?.close();
});

describe('the browser Realtime client', () => {
  it("hears what the member may read while signed in, and only a visitor's share once signed out", async () => {
    const client = createBrowserClient(stack.url, stack.anonKey, {
      storage: new MemoryStorage(),
      detectSessionInUrl: false,
    });
    // Signed in before the Realtime client exists, as on a page that loads it on demand.
    const signIn = await client.auth.signInWithPassword({
      email: 'member@example.com',
      password: 'password123',
    });
    expect(signIn.error).toBeNull();
    realtime = await createRealtimeClient(client.auth, stack.url, stack.anonKey);

    const removals: string[] = [];
    const comments: string[] = [];
    const channel = realtime
      .channel('wiring')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'comment_removals' }, (payload) =>
        removals.push(String(payload.new.comment_id)),
      )
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'comments' }, (payload) =>
        comments.push(String(payload.new.content)),
      );
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) =>
        status === 'SUBSCRIBED' ? resolve() : reject(error ?? new Error(status)),
      ),
    );

    const service = createBrowserClient(stack.url, stack.serviceRoleKey, {
      storage: new MemoryStorage(),
      detectSessionInUrl: false,
    });
    async function post(writer: typeof client, content: string): Promise<string> {
      const { data, error } = await writer
        .from('comments')
        .insert({ event_id: EVENT_ONE, user_id: MEMBER_ID, content })
        .select('id')
        .single();
      if (error) throw new Error(error.message);
      await waitFor(comments, (seen) => seen === content, content);
      return data.id;
    }
    async function remove(writer: typeof client, id: string): Promise<void> {
      expect((await writer.from('comments').update({ is_deleted: true }).eq('id', id)).error).toBeNull();
    }

    const first = await post(client, 'heard as a member');
    await remove(client, first);
    await waitFor(removals, (id) => id === first, 'the removal, under the member’s token');

    // Signing out hands Realtime the API key, and visitors may not read removals: the next one does not
    // arrive, though the comment written after it (visitors read comments) does.
    await client.auth.signOut({ scope: 'local' });
    await vi.waitFor(() => expect(realtime?.accessTokenValue).toBe(stack.anonKey), { timeout: 5_000 });
    const second = await post(service, 'heard as a visitor');
    await remove(service, second);
    await post(service, 'sentinel');
    expect(removals).toEqual([first]);
  });
});
