import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceClient, signedInAccount, visitorClient } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf } from '../../lib/supabase/data';
import { listEventUpdates, markUpdatesRead } from './event-updates.data';

// The page's data calls with real supabase-js against the local stack: what row-level security lets a
// member read and mark. Each call is given the member's client as its loader.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let booker: BrowserSupabase;
let follower: BrowserSupabase;
let stranger: BrowserSupabase;
const updates: Record<'booked' | 'followed' | 'other', string> = { booked: '', followed: '', other: '' };
let requests = 0;

const countingFetch: typeof fetch = (input, init) => {
  if (String(input instanceof Request ? input.url : input).includes('/rest/v1/')) requests += 1;
  return fetch(input, init);
};
const newMember = (email: string) => signedInAccount(stack, { email }, visitorClient(stack, countingFetch));

beforeAll(async () => {
  stack = await startTestStack();
  const admin = serviceClient(stack);
  const a = await newMember('updates-booker@example.com');
  const b = await newMember('updates-follower@example.com');
  const c = await newMember('updates-stranger@example.com');
  [booker, follower, stranger] = [a.client, b.client, c.client];
  const { data: events, error } = await admin
    .from('events')
    .insert(
      ['booked', 'followed', 'other'].map((slug) => ({
        slug: `updates-${slug}`,
        title: `Updates ${slug}`,
        status: 'published' as const,
        start_date: '2030-03-01',
        end_date: '2030-03-04',
      })),
    )
    .select('id, slug');
  if (error) throw error;
  const eventId = (slug: string) => events.find((event) => event.slug === `updates-${slug}`)!.id;
  const booking = await admin.from('bookings').insert({
    event_id: eventId('booked'),
    user_id: a.id,
    invoice_number: 'UPD-0001',
    total_cents: 1000,
  });
  if (booking.error) throw booking.error;
  const follow = await admin.from('event_follows').insert({ event_id: eventId('followed'), user_id: b.id });
  if (follow.error) throw follow.error;
  const posted = await admin
    .from('event_updates')
    .insert([
      {
        event_id: eventId('booked'),
        title: 'Older booked news',
        body: 'One',
        created_at: '2026-01-01T00:00:00Z',
      },
      {
        event_id: eventId('booked'),
        title: 'Newer booked news',
        body: 'Two',
        created_at: '2026-01-02T00:00:00Z',
      },
      {
        event_id: eventId('followed'),
        title: 'Followed news',
        body: 'Three',
        created_at: '2026-01-03T00:00:00Z',
      },
      { event_id: eventId('other'), title: 'Nobody news', body: 'Four', created_at: '2026-01-04T00:00:00Z' },
    ])
    .select('id, title');
  if (posted.error) throw posted.error;
  const idOf = (title: string) => posted.data.find((row) => row.title === title)!.id;
  [updates.booked, updates.followed, updates.other] = [
    idOf('Newer booked news'),
    idOf('Followed news'),
    idOf('Nobody news'),
  ];
});

afterAll(async () => {
  await stack?.close();
});

describe('event updates data', () => {
  it('gives a member with a booking that event’s updates, newest first, all unread, in one request', async () => {
    requests = 0;
    const items = await listEventUpdates(loaderOf(booker));
    expect(requests).toBe(1);
    expect(items.map((item) => [item.title, item.eventTitle, item.unread])).toEqual([
      ['Newer booked news', 'Updates booked', true],
      ['Older booked news', 'Updates booked', true],
    ]);
  });

  it('marks them all read in one request, twice without harm, and only for this member', async () => {
    const ids = (await listEventUpdates(loaderOf(booker))).map((item) => item.id);
    requests = 0;
    await markUpdatesRead(ids, loaderOf(booker));
    expect(requests).toBe(1);
    await markUpdatesRead(ids, loaderOf(booker));
    expect((await listEventUpdates(loaderOf(booker))).map((item) => item.unread)).toEqual([false, false]);
  });

  it('gives a follower the followed event’s updates, not the booker’s', async () => {
    expect((await listEventUpdates(loaderOf(follower))).map((item) => [item.id, item.unread])).toEqual([
      [updates.followed, true],
    ]);
  });

  it('gives a member who neither follows nor booked nothing, and refuses their marker', async () => {
    expect(await listEventUpdates(loaderOf(stranger))).toEqual([]);
    await expect(markUpdatesRead([updates.other], loaderOf(stranger))).rejects.toThrow(/row-level security/);
  });
});
