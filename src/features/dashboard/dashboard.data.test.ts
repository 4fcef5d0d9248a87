import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceClient, signedInAccount } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf } from '../../lib/supabase/data';
import { sydneyToday } from '../../lib/format/today';
import { fetchEventsPage } from '../events/events.data';
import { fetchDashboard } from './dashboard.data';

// The dashboard's 'All Events Community' tile against the local stack: it counts exactly the events
// /events lists (published, starting today or later in Sydney: inScope, decision 0026), not every
// published event ever made.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let memberId = '';
let memberClient: BrowserSupabase;
const today = sydneyToday();
const daysFromToday = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  stack = await startTestStack();
  const member = await signedInAccount(stack, { email: 'dashboard-count@example.com' });
  [memberId, memberClient] = [member.id, member.client];
  const event = (slug: string, status: 'published' | 'draft', start: number) => ({
    slug,
    title: slug,
    status,
    start_date: daysFromToday(start),
    end_date: daysFromToday(start + 3),
  });
  const { error } = await serviceClient(stack)
    .from('events')
    .insert([
      event('count-upcoming', 'published', 10),
      event('count-today', 'published', 0),
      event('count-started', 'published', -1),
      event('count-long-ago', 'published', -400),
      event('count-draft', 'draft', 20),
    ]);
  if (error) throw new Error(error.message);
});
afterAll(async () => {
  await stack?.close();
});

describe('the dashboard community tile', () => {
  it('counts exactly the events /events lists', async () => {
    const load = loaderOf(memberClient);
    const [dashboard, page] = await Promise.all([
      fetchDashboard(memberId, load),
      fetchEventsPage({ from: today }, memberId, load),
    ]);
    const listed = page.events.map((event) => event.slug);
    expect(listed).toContain('count-upcoming');
    expect(listed).toContain('count-today');
    expect(listed).not.toContain('count-started');
    expect(dashboard.publishedEvents).toBe(page.events.length);
  });
});
