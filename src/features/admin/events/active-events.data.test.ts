import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  visitorClient,
} from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import { addDays } from '../../../lib/format/calendarDate';
import { sydneyToday } from '../../../lib/format/today';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { loaderOf } from '../../../lib/supabase/data';
import { AdminDataError, fetchActiveEvents, fetchAllActiveEvents, fetchManifest } from './active-events.data';

// The active-events list and the manifest through the real supabase-js against the local stack: the
// admin reads them in one RPC each; a member and a visitor calling the same RPCs get nothing.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
const clients: Record<'admin' | 'member' | 'visitor', BrowserSupabase> = {} as never;
const as = (who: keyof typeof clients) => loaderOf(clients[who]);
const ids = { event: '', member: '' };
const today = sydneyToday();

beforeAll(async () => {
  stack = await startTestStack();
  const service = serviceClient(stack);
  const admin = await signedInAccount(stack, {
    email: 'active-admin@example.com',
    fullName: 'Ada Admin',
    admin: true,
  });
  const member = await signedInAccount(stack, { email: 'active-member@example.com', fullName: 'Mia Member' });
  [clients.admin, clients.member, ids.member] = [admin.client, member.client, member.id];
  clients.visitor = visitorClient(stack);
  const event = await service
    .from('events')
    .insert({
      slug: 'active-data-trip',
      title: 'Active data trip',
      status: 'published',
      start_date: addDays(today, 20),
      end_date: addDays(today, 22),
      max_registrations: 12,
    })
    .select('id')
    .single();
  if (event.error) throw event.error;
  ids.event = event.data.id;
  const booking = await service
    .from('bookings')
    .insert({
      event_id: ids.event,
      user_id: ids.member,
      invoice_number: 'ACT-0001',
      travellers: 2,
      total_cents: 2000,
    })
    .select('id')
    .single();
  if (booking.error) throw booking.error;
  const traveller = await service
    .from('travellers')
    .insert({
      user_id: ids.member,
      full_name: 'Mia Member',
      date_of_birth: '1990-06-15',
      medical_notes: 'Asthma: inhaler in the day pack',
      emergency_contact_name: 'Sam Member',
      emergency_contact_phone: '0412 345 678',
    })
    .select('id')
    .single();
  if (traveller.error) throw traveller.error;
  const link = await service
    .from('booking_travellers')
    .insert({ booking_id: booking.data.id, traveller_id: traveller.data.id });
  if (link.error) throw link.error;
});

afterAll(async () => {
  await stack?.close();
});

describe('active events', () => {
  it('gives the admin a page of active events with places sold, and every row for the CSV', async () => {
    const page = await fetchActiveEvents({ q: 'active data' }, as('admin'));
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id: ids.event,
      capacity: 12,
      places_sold: 2,
      travellers_named: 1,
    });
    expect((await fetchAllActiveEvents({ q: 'active data' }, as('admin'))).map((row) => row.id)).toEqual([
      ids.event,
    ]);
    expect(await fetchActiveEvents({ q: 'no such trip anywhere' }, as('admin'))).toEqual({
      rows: [],
      total: 0,
    });
  });

  it('refuses a member and a visitor', async () => {
    await expect(fetchActiveEvents({}, as('member'))).rejects.toMatchObject({
      name: 'AdminDataError',
      code: '42501',
    });
    await expect(fetchActiveEvents({}, as('visitor'))).rejects.toBeInstanceOf(AdminDataError);
  });
});

describe('the manifest', () => {
  it('gives the admin the travellers with their age on departure and emergency contact', async () => {
    const manifest = await fetchManifest(ids.event, as('admin'));
    const born = new Date('1990-06-15T00:00:00Z');
    const start = new Date(`${addDays(today, 20)}T00:00:00Z`);
    const age =
      start.getUTCFullYear() -
      born.getUTCFullYear() -
      (start.getUTCMonth() * 100 + start.getUTCDate() < born.getUTCMonth() * 100 + born.getUTCDate() ? 1 : 0);
    expect(manifest?.event).toMatchObject({ id: ids.event, places_sold: 2, travellers_named: 1 });
    expect(manifest?.travellers).toEqual([
      expect.objectContaining({
        full_name: 'Mia Member',
        age_on_departure: age,
        medical_notes: 'Asthma: inhaler in the day pack',
        emergency_contact_phone: '0412 345 678',
        invoice_number: 'ACT-0001',
        booked_by_email: 'active-member@example.com',
      }),
    ]);
  });

  it('answers null for an unknown event', async () => {
    expect(await fetchManifest('00000000-0000-4000-8000-000000000000', as('admin'))).toBeNull();
  });

  it('refuses the member whose own booking it lists, and a visitor', async () => {
    await expect(fetchManifest(ids.event, as('member'))).rejects.toMatchObject({ code: '42501' });
    await expect(fetchManifest(ids.event, as('visitor'))).rejects.toBeInstanceOf(AdminDataError);
  });
});
