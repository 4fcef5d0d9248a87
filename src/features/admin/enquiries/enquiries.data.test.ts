import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAccount, visitorClient } from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import { loaderOf, type LoadClient } from '../../../lib/supabase/data';
import {
  EnquiryGoneError,
  fetchEnquiries,
  fetchEnquiryEvents,
  removeEnquiry,
  replyToEnquiry,
  setEnquiryDone,
} from './enquiries.data';

// The enquiries screen's calls with real supabase-js against the local stack: what an admin reads and
// changes, and that a member calling the same endpoints gets nothing, every time.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let adminClient: LoadClient;
let memberClient: LoadClient;
const TRIP = 'Data test trip';

const ids = async (kind: 'waitlist' | 'interest' | 'contact') =>
  (await fetchEnquiries(kind, { q: 'data-test' }, 0, 24, adminClient)).rows.map((row) => row.email);

beforeAll(async () => {
  stack = await startTestStack();
  adminClient = loaderOf(
    (await signedInAccount(stack, { email: 'enquiries-admin@example.com', admin: true })).client,
  );
  memberClient = loaderOf((await signedInAccount(stack, { email: 'enquiries-member@example.com' })).client);
  const visitor = visitorClient(stack);
  for (const email of ['first.data-test@example.com', 'second.data-test@example.com'])
    await visitor.rpc('join_waitlist', { event_name: TRIP, full_name: 'Wait Person', email });
  await visitor.rpc('register_interest', {
    event_name: TRIP,
    full_name: 'Keen Person',
    email: 'keen.data-test@example.com',
  });
  await visitor
    .from('contact_messages')
    .insert({ full_name: 'Asking Person', email: 'asking.data-test@example.com', message: 'When?' });
});
afterAll(async () => {
  await stack?.close();
});

describe('an admin', () => {
  it('reads each list a page at a time with its total, and the trips with entries', async () => {
    const page = await fetchEnquiries('waitlist', { event: TRIP }, 0, 0, adminClient);
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => [row.email, row.position])).toEqual([['first.data-test@example.com', 1]]);
    const next = await fetchEnquiries('waitlist', { event: TRIP }, 1, 1, adminClient);
    expect(next.rows.map((row) => row.position)).toEqual([2]);
    expect(await ids('interest')).toEqual(['keen.data-test@example.com']);
    expect(await ids('contact')).toEqual(['asking.data-test@example.com']);
    const trips = await fetchEnquiryEvents('waitlist', adminClient);
    expect(trips.find((trip) => trip.event_name === TRIP)).toEqual({
      event_name: TRIP,
      entries: 2,
      open_entries: 2,
    });
  });

  it('marks an entry contacted and open again, and sees only open ones when asked', async () => {
    const [first] = (await fetchEnquiries('waitlist', { event: TRIP }, 0, 0, adminClient)).rows;
    await setEnquiryDone('waitlist', first!.id, true, adminClient);
    const open = await fetchEnquiries('waitlist', { event: TRIP, show: 'open' }, 0, 24, adminClient);
    expect(open.rows.map((row) => row.email)).toEqual(['second.data-test@example.com']);
    // The position is the order of joining, whatever is marked.
    expect(open.rows[0]!.position).toBe(2);
    await setEnquiryDone('waitlist', first!.id, false, adminClient);
    expect((await fetchEnquiries('waitlist', { event: TRIP, show: 'done' }, 0, 24, adminClient)).total).toBe(
      0,
    );
  });

  it('replies to a contact message: the enquirer gets it, from the company, and it is handled', async () => {
    const [message] = (await fetchEnquiries('contact', { q: 'asking.data-test' }, 0, 0, adminClient)).rows;
    const sentTo = await replyToEnquiry(
      'contact',
      message!.id,
      { subject: ' Your question ', body: 'Next month.\n' },
      adminClient,
    );
    expect(sentTo).toBe('asking.data-test@example.com');
    await stack.deliverMail();
    const mail = stack.mailbox
      ?.list('asking.data-test@example.com')
      .find((m) => m.subject === 'Your question');
    expect(mail?.text).toContain('Next month.');
    const after = (await fetchEnquiries('contact', { q: 'asking.data-test' }, 0, 0, adminClient)).rows[0];
    expect(after!.handled_at).not.toBeNull();
  });

  it('removes an interest registration; removing it again says it is gone', async () => {
    const [row] = (await fetchEnquiries('interest', { q: 'keen.data-test' }, 0, 0, adminClient)).rows;
    await removeEnquiry('interest', row!.id, adminClient);
    await expect(removeEnquiry('interest', row!.id, adminClient)).rejects.toBeInstanceOf(EnquiryGoneError);
    expect(await ids('interest')).toEqual([]);
  });
});

describe('a member calling the same endpoints', () => {
  it('is refused every time and changes nothing', async () => {
    const [entry] = (await fetchEnquiries('waitlist', { event: TRIP }, 0, 0, adminClient)).rows;
    for (const kind of ['waitlist', 'interest', 'contact'] as const)
      await expect(fetchEnquiries(kind, {}, 0, 24, memberClient)).rejects.toMatchObject({ code: '42501' });
    await expect(fetchEnquiryEvents('waitlist', memberClient)).rejects.toMatchObject({ code: '42501' });
    await expect(
      replyToEnquiry('waitlist', entry!.id, { subject: 'Hi', body: 'Hello' }, memberClient),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(setEnquiryDone('waitlist', entry!.id, true, memberClient)).rejects.toBeInstanceOf(
      EnquiryGoneError,
    );
    await expect(removeEnquiry('waitlist', entry!.id, memberClient)).rejects.toBeInstanceOf(EnquiryGoneError);
    const still = await fetchEnquiries('waitlist', { event: TRIP }, 0, 0, adminClient);
    expect(still.rows[0]).toMatchObject({ id: entry!.id, contacted_at: null });
    expect(stack.mailbox?.list().filter((m) => m.subject === 'Hi')).toEqual([]);
  });
});
