import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  type ServiceClient,
} from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import {
  addCustomerNote,
  deleteCustomerNote,
  fetchCustomer,
  fetchCustomers,
  setCustomerTier,
} from './customers.data';

// The customers screens' calls with real supabase-js against the local stack: what an admin gets, and
// that a member calling the same endpoints directly gets nothing.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let service: ServiceClient;
const tag = randomUUID().slice(0, 8);
const people = { admin: '', member: '' };
let adminClient: () => Promise<BrowserSupabase>;
let memberClient: () => Promise<BrowserSupabase>;
const enquirerEmail = `Enquirer-${tag}@Example.org`;

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  const admin = await signedInAccount(stack, {
    email: `admin-${tag}@example.com`,
    fullName: `Ada Admin ${tag}`,
    admin: true,
  });
  const member = await signedInAccount(stack, {
    email: `member-${tag}@example.com`,
    fullName: `Mia Member ${tag}`,
  });
  [people.admin, people.member] = [admin.id, member.id];
  adminClient = () => Promise.resolve(admin.client);
  memberClient = () => Promise.resolve(member.client);
  const { error } = await service
    .from('contact_messages')
    .insert({ full_name: `Erin Enquirer ${tag}`, email: enquirerEmail, message: 'Any places left?' });
  if (error) throw error;
});

afterAll(async () => {
  await stack?.close();
});

describe('as an admin', () => {
  it('lists members and enquirers matching a search, with the total', async () => {
    const page = await fetchCustomers({ search: ` ${tag} `, sort: 'name', dir: 'asc' }, adminClient);
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => [row.full_name, row.kind, row.tier])).toEqual([
      [`Ada Admin ${tag}`, 'member', 'vip'],
      [`Erin Enquirer ${tag}`, 'enquirer', 'enquirer'],
      [`Mia Member ${tag}`, 'member', 'vip'],
    ]);
    const second = await fetchCustomers(
      { search: tag, sort: 'name', dir: 'asc', limit: 2, offset: 2 },
      adminClient,
    );
    expect(second.rows.map((row) => row.full_name)).toEqual([`Mia Member ${tag}`]);
  });

  it('reads a record, changes the tier, adds and deletes a note', async () => {
    await setCustomerTier(people.member, 'next_room', adminClient);
    await addCustomerNote({ kind: 'member', id: people.member }, 'Prefers phone calls', adminClient);
    const record = (await fetchCustomer(people.member, adminClient))!;
    expect(record.profile).toMatchObject({
      kind: 'member',
      tier: 'next_room',
      full_name: `Mia Member ${tag}`,
    });
    expect(record.notes).toEqual([
      expect.objectContaining({ body: 'Prefers phone calls', author_name: `Ada Admin ${tag}` }),
    ]);
    await deleteCustomerNote(record.notes[0]!.id, adminClient);
    expect((await fetchCustomer(people.member, adminClient))!.notes).toEqual([]);
  });

  it('opens an enquirer by e-mail and keeps staff notes on the address', async () => {
    const page = await fetchCustomers({ search: `erin enquirer ${tag}` }, adminClient);
    const id = page.rows[0]!.id;
    expect(id).toBe(enquirerEmail.toLowerCase());
    await addCustomerNote({ kind: 'enquirer', id }, 'Sent the brochure', adminClient);
    const record = (await fetchCustomer(id, adminClient))!;
    expect(record.profile).toMatchObject({ kind: 'enquirer', tier: 'enquirer' });
    expect(record.contact_messages).toEqual([expect.objectContaining({ message: 'Any places left?' })]);
    expect(record.notes.map((note) => note.body)).toEqual(['Sent the brochure']);
  });

  it('gets null for nobody and a clear refusal for a bad sort', async () => {
    expect(await fetchCustomer(`nobody-${tag}@example.org`, adminClient)).toBeNull();
    await expect(fetchCustomers({ sort: 'password' as never }, adminClient)).rejects.toMatchObject({
      code: '22023',
      message: 'The customers list cannot be sorted by "password".',
    });
    await expect(
      addCustomerNote({ kind: 'member', id: people.member }, '   ', adminClient),
    ).rejects.toMatchObject({
      code: '23514',
    });
  });
});

describe('a member calling the same endpoints directly', () => {
  it('is refused every time and changes nothing', async () => {
    await expect(fetchCustomers({}, memberClient)).rejects.toMatchObject({ code: '42501' });
    await expect(fetchCustomer(people.member, memberClient)).rejects.toMatchObject({ code: '42501' });
    await expect(fetchCustomer(people.admin, memberClient)).rejects.toMatchObject({ code: '42501' });
    await expect(setCustomerTier(people.member, 'vip', memberClient)).rejects.toMatchObject({
      code: '42501',
    });
    await expect(
      addCustomerNote({ kind: 'member', id: people.member }, 'Sneaky', memberClient),
    ).rejects.toMatchObject({ code: '42501' });
    const { data } = await (await memberClient()).from('customer_notes').select('id');
    expect(data).toEqual([]);
    const record = (await fetchCustomer(people.member, adminClient))!;
    expect(record.profile.tier).toBe('next_room');
    expect(record.notes.map((note) => note.body)).not.toContain('Sneaky');
  });
});
