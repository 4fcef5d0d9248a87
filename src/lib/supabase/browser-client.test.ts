import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import { createBrowserClient } from './browser-client';
import { loaderOf } from './data';
import { createEarlyClient } from './early-client';
import type { EarlyReadMap } from './early-reads';

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

describe('the early client (decision 0098)', () => {
  const answer = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

  /** A signed-in member's shared client, and an early client over `reads` in front of it. */
  async function earlyClientOf(reads: EarlyReadMap) {
    const member = client();
    await member.auth.signInWithPassword({ email: 'member@example.com', password: 'password123' });
    return createEarlyClient(stack.url, stack.anonKey, { reads: () => reads, shared: loaderOf(member) });
  }

  it('answers a GET from the early read for its URL, once; then asks as the signed-in member', async () => {
    const url = `${stack.url}/rest/v1/bookings?select=user_id`;
    const reads: EarlyReadMap = { [url]: answer([{ user_id: 'as read early' }]) };
    const early = await earlyClientOf(reads);
    const first = await early.from('bookings').select('user_id');
    expect(first.data).toEqual([{ user_id: 'as read early' }]);
    expect(reads[url]).toBeUndefined();
    // The same read again (a refetch) goes to the stack with the member's token: their own rows.
    const again = await early.from('bookings').select('user_id');
    expect(again.error).toBeNull();
    expect(again.data?.length).toBeGreaterThan(0);
    expect(again.data).not.toContainEqual({ user_id: 'as read early' });
  });

  it('asks the stack when the early read failed or was refused, and for URLs it did not read', async () => {
    const refused = `${stack.url}/rest/v1/bookings?select=user_id`;
    const failed = `${stack.url}/rest/v1/profiles?select=id`;
    const lost = Promise.reject(new TypeError('Failed to fetch'));
    lost.catch(() => {});
    const reads: EarlyReadMap = { [refused]: answer({ message: 'JWT expired' }, 401), [failed]: lost };
    const early = await earlyClientOf(reads);
    const bookings = await early.from('bookings').select('user_id');
    expect(bookings.error).toBeNull();
    expect(bookings.data?.length).toBeGreaterThan(0);
    const profiles = await early.from('profiles').select('id');
    expect(profiles.data).toHaveLength(1);
    const needsPassword = await early.rpc('account_needs_password');
    expect(needsPassword).toMatchObject({ error: null, data: false });
  });
});
