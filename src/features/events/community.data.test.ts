import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  visitorClient as signedOutClient,
  type ServiceClient,
} from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf } from '../../lib/supabase/data';
import { saveReaction, setEventFollow } from './community.data';
import { fetchEventsPage, type EventScope } from './events.data';
import { foldReactions } from './reactions';
import { sydneyToday } from '../../lib/format/today';

// The events page's reaction and follow calls with real supabase-js against the local stack: what
// row-level security and public.set_event_follow let a member, another member and a visitor do.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let admin: ServiceClient;
const ids = { member: '', other: '', event: '', draft: '', past: '' };
const today = sydneyToday();
const upcoming: EventScope = { from: today };
const daysFromToday = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
let memberClient: BrowserSupabase;
let otherClient: BrowserSupabase;
let visitorClient: BrowserSupabase;

beforeAll(async () => {
  stack = await startTestStack();
  admin = serviceClient(stack);
  const member = await signedInAccount(stack, { email: 'react-member@example.com' });
  const other = await signedInAccount(stack, { email: 'react-other@example.com' });
  [ids.member, ids.other, memberClient, otherClient] = [member.id, other.id, member.client, other.client];
  visitorClient = signedOutClient(stack);
  const { data, error } = await admin
    .from('events')
    .insert([
      {
        slug: 'react-live',
        title: 'Live',
        status: 'published',
        start_date: daysFromToday(10),
        end_date: daysFromToday(12),
      },
      {
        slug: 'react-draft',
        title: 'Draft',
        status: 'draft',
        start_date: daysFromToday(40),
        end_date: daysFromToday(42),
      },
      {
        slug: 'react-past',
        title: 'Started yesterday',
        status: 'published',
        start_date: daysFromToday(-1),
        end_date: daysFromToday(3),
      },
    ])
    .select('id, slug');
  if (error) throw error;
  ids.event = data.find((event) => event.slug === 'react-live')!.id;
  ids.draft = data.find((event) => event.slug === 'react-draft')!.id;
  ids.past = data.find((event) => event.slug === 'react-past')!.id;
});

afterAll(async () => {
  await stack?.close();
});

const countsOn = async (client: BrowserSupabase, userId: string | null) =>
  foldReactions((await fetchEventsPage(upcoming, userId, loaderOf(client))).reactions).get(ids.event);
const followsOf = async (client: BrowserSupabase, userId: string) =>
  (await fetchEventsPage(upcoming, userId, loaderOf(client))).follows;

describe('the events page read', () => {
  it('lists upcoming published events only (from today, Sydney), soonest first', async () => {
    const listed = (await fetchEventsPage(upcoming, null, loaderOf(visitorClient))).events.map(
      (event) => event.id,
    );
    expect(listed).toContain(ids.event);
    expect(listed).not.toContain(ids.past);
    expect(listed).not.toContain(ids.draft);
    const one = await fetchEventsPage({ id: ids.event }, null, loaderOf(visitorClient));
    expect(one.events.map((event) => event.title)).toEqual(['Live']);
  });
});

describe('reactions', () => {
  it('adds and removes the member’s reaction; everyone sees the counts, only the member their own', async () => {
    const heart = { user_id: ids.member, event_id: ids.event, reaction_type: 'heart' as const };
    await saveReaction(heart, false, loaderOf(memberClient));
    await saveReaction({ ...heart, user_id: ids.other }, false, loaderOf(otherClient));
    expect((await countsOn(visitorClient, null))?.counts.heart).toBe(2);
    expect((await countsOn(visitorClient, null))?.mine.size).toBe(0);
    expect([...(await countsOn(memberClient, ids.member))!.mine]).toEqual(['heart']);
    // One row per event and type, not one per reaction.
    const { data } = await visitorClient
      .from('event_reaction_counts')
      .select('total')
      .eq('event_id', ids.event);
    expect(data).toEqual([{ total: 2 }]);

    await saveReaction(heart, true, loaderOf(memberClient));
    const after = await countsOn(otherClient, ids.other);
    expect(after?.counts.heart).toBe(1);
    expect([...after!.mine]).toEqual(['heart']);
  });

  it('refuses a reaction in another member’s name, a visitor’s, and one on a draft', async () => {
    const row = { user_id: ids.other, event_id: ids.event, reaction_type: 'ghost' as const };
    await expect(saveReaction(row, false, loaderOf(memberClient))).rejects.toThrow();
    await expect(saveReaction(row, false, loaderOf(visitorClient))).rejects.toThrow();
    await expect(
      saveReaction({ ...row, user_id: ids.member, event_id: ids.draft }, false, loaderOf(memberClient)),
    ).rejects.toThrow();
    // Removing another member's reaction deletes nothing.
    await saveReaction({ ...row, reaction_type: 'heart' }, true, loaderOf(memberClient));
    expect((await countsOn(visitorClient, null))?.counts.heart).toBe(1);
  });
});

describe('follow', () => {
  const rowsOf = async (table: 'event_follows' | 'favorites', userId: string) =>
    (await admin.from(table).select('event_id').eq('user_id', userId)).data?.map((row) => row.event_id);

  it('sets follow and favourite together, idempotently, and clears both', async () => {
    await setEventFollow(ids.event, true, loaderOf(memberClient));
    await setEventFollow(ids.event, true, loaderOf(memberClient));
    expect(await followsOf(memberClient, ids.member)).toEqual([ids.event]);
    expect(await rowsOf('favorites', ids.member)).toEqual([ids.event]);
    expect(await followsOf(otherClient, ids.other)).toEqual([]);

    await setEventFollow(ids.event, false, loaderOf(memberClient));
    expect(await rowsOf('event_follows', ids.member)).toEqual([]);
    expect(await rowsOf('favorites', ids.member)).toEqual([]);
  });

  it('refuses visitors and drafts, leaving neither row behind', async () => {
    await expect(setEventFollow(ids.event, true, loaderOf(visitorClient))).rejects.toThrow();
    await expect(setEventFollow(ids.draft, true, loaderOf(memberClient))).rejects.toThrow();
    expect(await rowsOf('event_follows', ids.member)).toEqual([]);
    expect(await rowsOf('favorites', ids.member)).toEqual([]);
  });
});
