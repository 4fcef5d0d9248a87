import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import { createBrowserClient } from './browser-client';

// The browser's client against the real local stack: the API key on every call, the member's token once
// signed in, so row-level security answers for the member as it does through supabase-js.

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

const client = () =>
  createBrowserClient(stack.url, stack.anonKey, { storage: new MemoryStorage(), detectSessionInUrl: false });

describe('the browser client', () => {
  it('reads as a visitor with the API key: published events, but no bookings', async () => {
    const visitor = client();
    const events = await visitor.from('events').select('slug').eq('status', 'published');
    expect(events.error).toBeNull();
    expect(events.data?.length).toBeGreaterThan(0);
    // Visitors hold no grant on bookings at all (anon), so the stack refuses rather than filters.
    const bookings = await visitor.from('bookings').select('id');
    expect(bookings.error?.code).toBe('42501');
  });

  it("reads and calls as the signed-in member: only the member's own rows", async () => {
    const member = client();
    const signIn = await member.auth.signInWithPassword({
      email: 'member@example.com',
      password: 'password123',
    });
    expect(signIn.error).toBeNull();
    const profiles = await member.from('profiles').select('id');
    expect(profiles.data).toEqual([{ id: signIn.data.user?.id }]);
    const bookings = await member.from('bookings').select('user_id');
    expect(bookings.data?.length).toBeGreaterThan(0);
    expect(new Set(bookings.data?.map((row) => row.user_id))).toEqual(new Set([signIn.data.user?.id]));
    const needsPassword = await member.rpc('account_needs_password');
    expect(needsPassword).toMatchObject({ error: null, data: false });
  });

  it('falls back to the API key once signed out', async () => {
    const member = client();
    await member.auth.signInWithPassword({ email: 'member@example.com', password: 'password123' });
    await member.auth.signOut({ scope: 'local' });
    const bookings = await member.from('bookings').select('id');
    expect(bookings.error?.code).toBe('42501');
  });
});
