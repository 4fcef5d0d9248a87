import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceClient, signedInAccount } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf, type LoadClient } from '../../lib/supabase/data';
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
// row-level security lets them read and change. Each call is given the member's client as its loader
// (the pages load theirs from the site's build-time settings).

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
const ids = { member: '', other: '', event: '', ended: '', booking: '', otherBooking: '', traveller: '' };

let memberClient: BrowserSupabase;
let otherClient: BrowserSupabase;
let asMember: LoadClient;
let asOther: LoadClient;

beforeAll(async () => {
  stack = await startTestStack();
  const admin = serviceClient(stack);
  const member = await signedInAccount(stack, { email: 'data-member@example.com', fullName: 'Data Member' });
  const other = await signedInAccount(stack, { email: 'data-other@example.com', fullName: 'Data Member' });
  [ids.member, ids.other, memberClient, otherClient] = [member.id, other.id, member.client, other.client];
  [asMember, asOther] = [loaderOf(memberClient), loaderOf(otherClient)];
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
    const data = await fetchDashboard(ids.member, asMember);
    expect(data.favourites).toBe(1);
    expect(data.publishedEvents).toBeGreaterThanOrEqual(2);
    expect(data.bookings.map((booking) => booking.invoice_number).sort()).toEqual(['DATA-0001', 'DATA-0002']);
    const booking = data.bookings.find((row) => row.id === ids.booking)!;
    expect(booking.event).toMatchObject({ id: ids.event, title: 'Upcoming', start_date: '2030-01-10' });
    expect(booking.booking_installments.map((row) => row.amount_cents).sort()).toEqual([100000, 200000]);
  });

  it('finds the member’s own booking, and nothing for someone else’s or an unknown one', async () => {
    expect((await fetchBooking(ids.booking, asMember))?.invoice_number).toBe('DATA-0001');
    expect(await fetchBooking(ids.otherBooking, asMember)).toBeNull();
    expect(await fetchBooking('00000000-0000-4000-8000-000000000000', asMember)).toBeNull();
    expect(await fetchBooking(ids.booking, asOther)).toBeNull();
    expect((await fetchMyBookings(ids.other, asOther)).map((row) => row.invoice_number)).toEqual([
      'DATA-0003',
    ]);
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
    await saveTraveller(null, values, asMember);
    const [added] = await listTravellers(ids.member, asMember);
    expect(added).toMatchObject(values);
    ids.traveller = added!.id;
    await saveTraveller(ids.traveller, { ...values, phone: '0400 111 222' }, asMember);
    expect((await listTravellers(ids.member, asMember))[0]?.phone).toBe('0400 111 222');
    expect(await listTravellers(ids.member, asOther)).toEqual([]);
  });

  it('refuses what the rules refuse, with the database’s check', async () => {
    await expect(saveTraveller(null, { ...values, full_name: '' }, asMember)).rejects.toThrow(/check/);
    await expect(saveTraveller(null, { ...values, date_of_birth: '1899-12-31' }, asMember)).rejects.toThrow(
      /check/,
    );
  });

  it('lists who travels on the member’s booking', async () => {
    const { error } = await memberClient
      .from('booking_travellers')
      .insert({ booking_id: ids.booking, traveller_id: ids.traveller });
    expect(error).toBeNull();
    expect(await listBookingTravellers(ids.booking, asMember)).toEqual([
      { id: ids.traveller, full_name: 'Lucy Westenra' },
    ]);
    expect(await listBookingTravellers(ids.booking, asOther)).toEqual([]);
  });

  it('deletes a traveller (and their place on bookings); another member cannot', async () => {
    await deleteTraveller(ids.traveller, asOther);
    expect(await listTravellers(ids.member, asMember)).toHaveLength(1);
    await deleteTraveller(ids.traveller, asMember);
    expect(await listTravellers(ids.member, asMember)).toEqual([]);
    expect(await listBookingTravellers(ids.booking, asMember)).toEqual([]);
  });
});

describe('favourites', () => {
  it('lists the member’s favourites with the event, and removes one', async () => {
    const favourites = await listFavourites(ids.member, asMember);
    expect(favourites.map((favourite) => favourite.event?.title)).toEqual(['Upcoming']);
    const eventId = favourites[0]!.event!.id;
    await removeFavourite(eventId, asOther); // another member's call changes only their own rows
    expect(await listFavourites(ids.member, asMember)).toHaveLength(1);
    await removeFavourite(eventId, asMember);
    expect(await listFavourites(ids.member, asMember)).toEqual([]);
  });
});
