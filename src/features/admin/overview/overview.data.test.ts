import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  visitorClient,
  type ServiceClient,
} from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { addDays } from '../../../lib/format/calendarDate';
import { sydneyToday } from '../../../lib/format/today';
import { loaderOf } from '../../../lib/supabase/data';
import { fetchAdminOverview } from './overview.data';

// The overview's one request with the real supabase-js against the local stack: an admin reads figures
// that follow the data; a member calling the same RPC directly is refused.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let service: ServiceClient;
let adminClient: BrowserSupabase;
let memberClient: BrowserSupabase;

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  adminClient = (await signedInAccount(stack, { email: 'overview-admin@example.com', admin: true })).client;
  memberClient = (await signedInAccount(stack, { email: 'overview-member@example.com' })).client;
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
    const before = await fetchAdminOverview(loaderOf(adminClient));
    expect(before.upcoming.find((row) => row.id === event.id)).toMatchObject({ title, sold: 0, waitlist: 0 });

    const visitor = visitorClient(stack);
    const joined = await visitor.rpc('join_waitlist', {
      event_name: title,
      event_id: event.id,
      full_name: 'Vera Visitor',
      email: 'vera@example.com',
    });
    expect(joined.data).toBe('joined');
    const after = await fetchAdminOverview(loaderOf(adminClient));
    expect(after.upcoming.find((row) => row.id === event.id)?.waitlist).toBe(1);
    expect(after.waitlist_total).toBe(before.waitlist_total + 1);
    expect(after.weeks).toHaveLength(12);
  });

  it('refuses a member who calls it directly (42501), and a visitor', async () => {
    await expect(fetchAdminOverview(loaderOf(memberClient))).rejects.toMatchObject({ code: '42501' });
    const visitor = visitorClient(stack);
    await expect(fetchAdminOverview(loaderOf(visitor))).rejects.toMatchObject({ code: '42501' });
  });
});
