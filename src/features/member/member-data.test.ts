import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceClient, signedInAccount } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { fetchBooking, fetchMyBookings } from '../bookings/bookings.data';
import { fetchDashboard } from '../dashboard/dashboard.data';
import {
  deleteTraveller,
  listBookingTravellers,
  listTravellers,
  saveTraveller,
} from '../travellers/travellers.data';
import { listFavourites, removeFavourite } from './favourites.data';

// The member pages' data calls with real supabase-js against the local stack, signed in as a member: what
// row-level security lets them read and change. Only the page's client factory is swapped for this
// member's client (the pages build theirs from the site's build-time settings).

let current: BrowserSupabase;
vi.mock('../../lib/supabase/client', () => ({ getSupabase: () => Promise.resolve(current) }));
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
const ids = { member: '', other: '', event: '', ended: '', booking: '', otherBooking: '', traveller: '' };

let memberClient: BrowserSupabase;
let otherClient: BrowserSupabase;

beforeAll(async () => {
  stack = await startTestStack();
  const admin = serviceClient(stack);
  const member = await signedInAccount(stack, { email: 'data-member@example.com', fullName: 'Data Member' });
  const other = await signedInAccount(stack, { email: 'data-other@example.com', fullName: 'Data Member' });
  [ids.member, ids.other, memberClient, otherClient] = [member.id, other.id, member.client, other.client];
  const { data: events, error } = await admin
    .from('events')
    .insert([
      {
        slug: 'data-upcoming',
        title: 'Upcoming',
        status: 'published',
        start_date: '2030-01-10',
        end_date: '2030-01-12',
      },
      {
        slug: 'data-ended',
        title: 'Ended',
        status: 'published',
        start_date: '2020-01-10',
        end_date: '2020-01-12',
      },
    ])
    .select('id, slug');
  if (error) throw error;
  ids.event = events.find((event) => event.slug === 'data-upcoming')!.id;
  ids.ended = events.find((event) => event.slug === 'data-ended')!.id;
  const { data: bookings, error: bookingError } = await admin
    .from('bookings')
    .insert([
      {
        event_id: ids.event,
        user_id: ids.member,
        invoice_number: 'DATA-0001',
        total_cents: 300000,
        status: 'confirmed',
      },
      {
        event_id: ids.ended,
        user_id: ids.member,
        invoice_number: 'DATA-0002',
        total_cents: 1000,
        status: 'cancelled',
      },
      {
        event_id: ids.event,
        user_id: ids.other,
        invoice_number: 'DATA-0003',
        total_cents: 5000,
        status: 'confirmed',
      },
    ])
    .select('id, invoice_number');
  if (bookingError) throw bookingError;
  ids.booking = bookings.find((row) => row.invoice_number === 'DATA-0001')!.id;
  ids.otherBooking = bookings.find((row) => row.invoice_number === 'DATA-0003')!.id;
  const { error: scheduleError } = await admin.from('booking_installments').insert([
    {
      booking_id: ids.booking,
      due_date: '2029-01-01',
      amount_cents: 100000,
      paid_at: '2028-12-30T00:00:00Z',
    },
    { booking_id: ids.booking, due_date: '2029-06-01', amount_cents: 200000 },
  ]);
  if (scheduleError) throw scheduleError;
  await admin.from('favorites').insert([
    { user_id: ids.member, event_id: ids.event },
    { user_id: ids.other, event_id: ids.event },
  ]);
});

afterAll(async () => {
  await stack?.close();
});

describe('dashboard and bookings', () => {
  it('reads the member’s bookings with event and instalments embedded, and the counts', async () => {
    current = memberClient;
    const data = await fetchDashboard(ids.member);
    expect(data.favourites).toBe(1);
    expect(data.publishedEvents).toBeGreaterThanOrEqual(2);
    expect(data.bookings.map((booking) => booking.invoice_number).sort()).toEqual(['DATA-0001', 'DATA-0002']);
    const booking = data.bookings.find((row) => row.id === ids.booking)!;
    expect(booking.event).toMatchObject({ id: ids.event, title: 'Upcoming', start_date: '2030-01-10' });
    expect(booking.booking_installments.map((row) => row.amount_cents).sort()).toEqual([100000, 200000]);
  });

  it('finds the member’s own booking, and nothing for someone else’s or an unknown one', async () => {
    current = memberClient;
    expect((await fetchBooking(ids.booking))?.invoice_number).toBe('DATA-0001');
    expect(await fetchBooking(ids.otherBooking)).toBeNull();
    expect(await fetchBooking('00000000-0000-4000-8000-000000000000')).toBeNull();
    current = otherClient;
    expect(await fetchBooking(ids.booking)).toBeNull();
    expect((await fetchMyBookings(ids.other)).map((row) => row.invoice_number)).toEqual(['DATA-0003']);
  });
});

describe('travellers', () => {
  const values = {
    full_name: 'Lucy Westenra',
    date_of_birth: '1990-05-01',
    phone: null,
    dietary_notes: 'No garlic',
    medical_notes: null,
    emergency_contact_name: null,
    emergency_contact_phone: null,
  };

  it('adds, edits and lists the member’s own travellers; others see none of them', async () => {
    current = memberClient;
    await saveTraveller(null, values);
    const [added] = await listTravellers(ids.member);
    expect(added).toMatchObject(values);
    ids.traveller = added!.id;
    await saveTraveller(ids.traveller, { ...values, phone: '0400 111 222' });
    expect((await listTravellers(ids.member))[0]?.phone).toBe('0400 111 222');
    current = otherClient;
    expect(await listTravellers(ids.member)).toEqual([]);
  });

  it('refuses what the rules refuse, with the database’s check', async () => {
    current = memberClient;
    await expect(saveTraveller(null, { ...values, full_name: '' })).rejects.toThrow(/check/);
    await expect(saveTraveller(null, { ...values, date_of_birth: '1899-12-31' })).rejects.toThrow(/check/);
  });

  it('lists who travels on the member’s booking', async () => {
    current = memberClient;
    const { error } = await memberClient
      .from('booking_travellers')
      .insert({ booking_id: ids.booking, traveller_id: ids.traveller });
    expect(error).toBeNull();
    expect(await listBookingTravellers(ids.booking)).toEqual([
      { id: ids.traveller, full_name: 'Lucy Westenra' },
    ]);
    current = otherClient;
    expect(await listBookingTravellers(ids.booking)).toEqual([]);
  });

  it('deletes a traveller (and their place on bookings); another member cannot', async () => {
    current = otherClient;
    await deleteTraveller(ids.traveller);
    current = memberClient;
    expect(await listTravellers(ids.member)).toHaveLength(1);
    await deleteTraveller(ids.traveller);
    expect(await listTravellers(ids.member)).toEqual([]);
    expect(await listBookingTravellers(ids.booking)).toEqual([]);
  });
});

describe('favourites', () => {
  it('lists the member’s favourites with the event, and removes one', async () => {
    current = memberClient;
    const favourites = await listFavourites(ids.member);
    expect(favourites.map((favourite) => favourite.event?.title)).toEqual(['Upcoming']);
    const eventId = favourites[0]!.event!.id;
    current = otherClient;
    await removeFavourite(eventId); // another member's call changes only their own rows
    current = memberClient;
    expect(await listFavourites(ids.member)).toHaveLength(1);
    await removeFavourite(eventId);
    expect(await listFavourites(ids.member)).toEqual([]);
  });
});
