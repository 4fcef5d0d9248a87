import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import type { Database } from '../../../lib/supabase/database.types';
import { addDays } from '../../../lib/format/calendarDate';
import { sydneyToday } from '../../../lib/format/today';
import { fetchAdminOverview } from './overview.data';

// The overview's one request with the real supabase-js against the local stack: an admin reads figures
// that follow the data; a member calling the same RPC directly is refused.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let service: ReturnType<typeof createClient<Database>>;
let adminClient: BrowserSupabase;
let memberClient: BrowserSupabase;

async function signedIn(email: string, admin: boolean): Promise<BrowserSupabase> {
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: 'correct-horse-7',
    email_confirm: true,
  });
  if (error) throw error;
  if (admin) await service.from('profiles').update({ is_admin: true }).eq('id', data.user.id).throwOnError();
  const client = createClient<Database>(stack.url, stack.anonKey, { auth: { persistSession: false } });
  const signIn = await client.auth.signInWithPassword({ email, password: 'correct-horse-7' });
  if (signIn.error) throw signIn.error;
  return client;
}

beforeAll(async () => {
  stack = await startTestStack();
  service = createClient<Database>(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
  adminClient = await signedIn('overview-admin@example.com', true);
  memberClient = await signedIn('overview-member@example.com', false);
});
afterAll(async () => {
  await stack?.close();
});

describe('fetchAdminOverview', () => {
  it('gives an admin the waitlist of an upcoming departure, and moves when a visitor joins it', async () => {
    const title = `Overview ${randomUUID()}`;
    const { data: event } = await service
      .from('events')
      .insert({
        slug: `overview-${randomUUID()}`,
        title,
        status: 'published',
        start_date: addDays(sydneyToday(), 20),
        end_date: addDays(sydneyToday(), 22),
        max_registrations: 10,
      })
      .select('id')
      .single()
      .throwOnError();
    const before = await fetchAdminOverview(async () => adminClient);
    expect(before.upcoming.find((row) => row.id === event.id)).toMatchObject({ title, sold: 0, waitlist: 0 });

    const visitor = createClient<Database>(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const joined = await visitor.rpc('join_waitlist', {
      event_name: title,
      event_id: event.id,
      full_name: 'Vera Visitor',
      email: 'vera@example.com',
    });
    expect(joined.data).toBe('joined');
    const after = await fetchAdminOverview(async () => adminClient);
    expect(after.upcoming.find((row) => row.id === event.id)?.waitlist).toBe(1);
    expect(after.waitlist_total).toBe(before.waitlist_total + 1);
    expect(after.weeks).toHaveLength(12);
  });

  it('refuses a member who calls it directly (42501), and a visitor', async () => {
    await expect(fetchAdminOverview(async () => memberClient)).rejects.toMatchObject({ code: '42501' });
    const visitor = createClient<Database>(stack.url, stack.anonKey, { auth: { persistSession: false } });
    await expect(fetchAdminOverview(async () => visitor)).rejects.toMatchObject({ code: '42501' });
  });
});
