import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceClient, signedInAccount } from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import { loaderOf, type LoadClient } from '../../../lib/supabase/data';
import {
  fetchUpdateReach,
  listSentUpdates,
  listUpdateEvents,
  reachSentence,
  SendRefusedError,
  sendEventUpdate,
} from './updates.data';

// The event updates screen's calls with real supabase-js against the local stack: an admin sends to the
// followers of an event and reads the reach back; bad input is refused with the database's words; a member
// calling the send gets 42501 and nothing is written.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

let stack: TestStack;
let adminClient: LoadClient;
let memberClient: LoadClient;
let eventId: string;
let adminId: string;

beforeAll(async () => {
  stack = await startTestStack();
  const admin = await signedInAccount(stack, { email: 'updates-admin@example.com', admin: true });
  adminClient = loaderOf(admin.client);
  adminId = admin.id;
  const member = await signedInAccount(stack, { email: 'updates-member@example.com' });
  memberClient = loaderOf(member.client);
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
  it('sees who a send would reach before sending, in the words the screen shows (issue 20)', async () => {
    const reach = await fetchUpdateReach(eventId, 'followers', adminClient);
    expect(reach).toEqual({ in_app: 1, email: 1 });
    expect(reachSentence(reach)).toBe('This update will reach 1 member in-app and 1 by e-mail.');
    const nobody = await fetchUpdateReach(eventId, 'travellers', adminClient);
    expect(reachSentence(nobody)).toBe(
      'This update will reach nobody: no member is in this group and no e-mail will be sent.',
    );
    await expect(fetchUpdateReach(eventId, 'followers', memberClient)).rejects.toMatchObject({
      code: '42501',
    });
  });

  it('sends an update to the followers and sees its reach by channel', async () => {
    expect((await listUpdateEvents(adminClient)).map((event) => event.id)).toContain(eventId);
    const reach = await sendEventUpdate(
      { eventId, title: ' Gate times ', body: paragraph('We meet at six.'), segment: 'followers' },
      adminClient,
    );
    expect(reach).toMatchObject({ in_app: 1, email: 1 });
    const {
      rows: [latest],
    } = await listSentUpdates({}, adminClient);
    expect(latest).toMatchObject({
      title: 'Gate times',
      segment: 'followers',
      in_app_count: 1,
      email_count: 1,
      events: { title: 'Updates data trip' },
    });
  });

  it('sends an image with its alt text, and is refused one without', async () => {
    const image = { path: `${adminId}/1700000000000.png`, alt: 'A lantern by the gate' };
    await sendEventUpdate(
      { eventId, title: 'Lantern 100% lit', body: paragraph('Look.'), segment: 'all', image },
      adminClient,
    );
    await expect(
      sendEventUpdate(
        { eventId, title: 'No alt', body: paragraph('Look.'), segment: 'all', image: { ...image, alt: ' ' } },
        adminClient,
      ),
    ).rejects.toThrow(
      new SendRefusedError('Please describe the image in 1 to 200 characters (its alt text).'),
    );
    await expect(
      sendEventUpdate(
        {
          eventId,
          title: 'Bad link',
          body: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [
                  {
                    type: 'text',
                    text: 'x',
                    marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
                  },
                ],
              },
            ],
          },
          segment: 'all',
        },
        adminClient,
      ),
    ).rejects.toThrow(
      new SendRefusedError('Links must start with https:// or mailto: (at most 2000 characters, no spaces).'),
    );
  });

  it('pages, sorts and searches the history on the server, a wildcard matching itself', async () => {
    await sendEventUpdate(
      { eventId, title: 'Lantern_two', body: paragraph('Two.'), segment: 'all' },
      adminClient,
    );
    const page = (n: number) =>
      listSentUpdates({ search: 'lantern', pageSize: 1, page: n, sort: 'title', dir: 'desc' }, adminClient);
    const first = await page(1);
    expect(first.total).toBe(2);
    expect(first.rows.map((row) => row.title)).toEqual(['Lantern_two']);
    expect((await page(2)).rows.map((row) => row.title)).toEqual(['Lantern 100% lit']);
    const percent = await listSentUpdates({ search: '100%' }, adminClient);
    expect(percent.rows.map((row) => row.title)).toEqual(['Lantern 100% lit']);
    const underscore = await listSentUpdates({ search: 'n_t' }, adminClient);
    expect(underscore.rows.map((row) => row.title)).toEqual(['Lantern_two']);
    const range = await listSentUpdates({ range: { from: 0, to: 0 } }, adminClient);
    expect(range.rows.map((row) => row.title)).toEqual(['Lantern_two']);
  });

  it('is refused a bad title with a clear message', async () => {
    await expect(
      sendEventUpdate(
        { eventId, title: 'x'.repeat(201), body: paragraph('Body'), segment: 'all' },
        adminClient,
      ),
    ).rejects.toThrow(new SendRefusedError('The title must be 1 to 200 characters on one line.'));
  });
});

describe('a member', () => {
  it('cannot send, and sees the update in their own list', async () => {
    await expect(
      sendEventUpdate({ eventId, title: 'Spam', body: paragraph('Spam'), segment: 'all' }, memberClient),
    ).rejects.toMatchObject({ code: '42501' });
    expect((await listSentUpdates({}, memberClient)).rows.map((update) => update.title)).toEqual([
      'Lantern_two',
      'Lantern 100% lit',
      'Gate times',
    ]);
  });
});
