import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceClient, signedInAccount } from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { listSentUpdates, listUpdateEvents, SendRefusedError, sendEventUpdate } from './updates.data';

// The event updates screen's calls with real supabase-js against the local stack: an admin sends to the
// followers of an event and reads the reach back; bad input is refused with the database's words; a member
// calling the send gets 42501 and nothing is written.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let adminClient: BrowserSupabase;
let memberClient: BrowserSupabase;
let eventId: string;

beforeAll(async () => {
  stack = await startTestStack();
  adminClient = (await signedInAccount(stack, { email: 'updates-admin@example.com', admin: true })).client;
  const member = await signedInAccount(stack, { email: 'updates-member@example.com' });
  memberClient = member.client;
  const service = serviceClient(stack);
  const { data } = await service
    .from('events')
    .insert({
      slug: 'updates-data',
      title: 'Updates data trip',
      status: 'published',
      start_date: '2031-01-01',
      end_date: '2031-01-02',
    })
    .select('id')
    .single()
    .throwOnError();
  eventId = data.id;
  await service.from('profiles').update({ marketing_consent: true }).eq('id', member.id).throwOnError();
  await service.from('event_follows').insert({ user_id: member.id, event_id: eventId }).throwOnError();
});
afterAll(async () => {
  await stack?.close();
});

describe('an admin', () => {
  it('sends an update to the followers and sees its reach by channel', async () => {
    expect((await listUpdateEvents(adminClient)).map((event) => event.id)).toContain(eventId);
    const reach = await sendEventUpdate(
      { eventId, title: ' Gate times ', body: 'We meet at six.', segment: 'followers' },
      adminClient,
    );
    expect(reach).toMatchObject({ in_app: 1, email: 1 });
    const [latest] = await listSentUpdates(adminClient);
    expect(latest).toMatchObject({
      title: 'Gate times',
      segment: 'followers',
      in_app_count: 1,
      email_count: 1,
      events: { title: 'Updates data trip' },
    });
  });

  it('is refused a bad title with a clear message', async () => {
    await expect(
      sendEventUpdate({ eventId, title: 'x'.repeat(201), body: 'Body', segment: 'all' }, adminClient),
    ).rejects.toThrow(new SendRefusedError('The title must be 1 to 200 characters on one line.'));
  });
});

describe('a member', () => {
  it('cannot send, and sees the update in their own list', async () => {
    await expect(
      sendEventUpdate({ eventId, title: 'Spam', body: 'Spam', segment: 'all' }, memberClient),
    ).rejects.toMatchObject({ code: '42501' });
    expect((await listSentUpdates(memberClient)).map((update) => update.title)).toEqual(['Gate times']);
  });
});
