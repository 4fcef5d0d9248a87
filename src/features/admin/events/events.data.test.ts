import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  visitorClient,
  type ServiceClient,
} from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { sydneyToday } from '../../../lib/format/today';
import { loaderOf } from '../../../lib/supabase/data';
import { fetchEventDetail } from '../../event-details/event-details.data';
import {
  changeEventStatus,
  createEvent,
  fetchEventChoices,
  listEvents,
  listEventsRange,
  readEvent,
  updateEvent,
  type EventValues,
} from './events.data';

// The admin's event calls with the real supabase-js against the local stack: what an admin does, and that
// a member calling the same endpoints directly gets nothing (row-level security, decision 0035).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let service: ServiceClient;
let adminClient: BrowserSupabase;
let memberClient: BrowserSupabase;

const VALUES: EventValues = {
  title: 'Ghosts of Ballarat',
  description: 'Two nights\nin the goldfields.',
  location: 'Ballarat, Victoria',
  start_date: '2027-06-01',
  end_date: '2027-06-03',
  bookings_open_on: null,
  bookings_close_on: null,
  traveller_changes_close_days: 14,
  price_cents: 120050,
  currency: 'AUD',
  max_registrations: 12,
  event_type: 'history',
  trip_slug: 'tasmania-paranormal-getaway',
  badge: 'live',
  image_paths: [],
  deposit_per_traveller_cents: 50000,
  payment_plan_id: '0a7e0000-0000-4000-8000-000000000003',
  next_room_priority_days: null,
  gst_treatment: 'gst-free',
};

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  adminClient = (await signedInAccount(stack, { email: 'events-admin@example.com', admin: true })).client;
  memberClient = (await signedInAccount(stack, { email: 'events-member@example.com' })).client;
});

afterAll(async () => {
  await stack?.close();
});

describe('an admin', () => {
  it('creates a draft named by the database, edits it, and finds it by search and status', async () => {
    const created = await createEvent(VALUES, loaderOf(adminClient));
    expect(created.outcome).toBe('saved');
    if (created.outcome !== 'saved') return;
    const event = await readEvent(created.id, loaderOf(adminClient));
    expect(event).toMatchObject({ ...VALUES, status: 'draft', slug: 'ghosts-of-ballarat-2027-06-01' });

    expect(
      await updateEvent(created.id, { ...VALUES, title: 'Ghosts of Ballarat 100%' }, loaderOf(adminClient)),
    ).toEqual({
      outcome: 'saved',
      id: created.id,
    });
    // The search's % matches itself only; the filter narrows to drafts.
    const found = await listEvents({ q: '100%', filter: 'draft' }, loaderOf(adminClient));
    expect(found.rows.map((row) => row.id)).toEqual([created.id]);
    expect(found.total).toBe(1);
    expect((await listEvents({ q: '10%0' }, loaderOf(adminClient))).total).toBe(0);
    expect((await listEvents({ q: 'ballarat', filter: 'published' }, loaderOf(adminClient))).total).toBe(0);
    expect((await listEvents({ q: '"ballarat,' }, loaderOf(adminClient))).total).toBe(0);
  });

  it('publishes, unpublishes and cancels, each only from the status the screen showed', async () => {
    const created = await createEvent({ ...VALUES, title: 'Status walk' }, loaderOf(adminClient));
    if (created.outcome !== 'saved') throw new Error('not saved');
    expect(await changeEventStatus(created.id, 'draft', 'published', loaderOf(adminClient))).toBe(true);
    expect(await changeEventStatus(created.id, 'draft', 'published', loaderOf(adminClient))).toBe(false);
    expect(await changeEventStatus(created.id, 'published', 'draft', loaderOf(adminClient))).toBe(true);
    expect(await changeEventStatus(created.id, 'draft', 'cancelled', loaderOf(adminClient))).toBe(true);
    expect((await readEvent(created.id, loaderOf(adminClient)))?.status).toBe('cancelled');
  });

  it('gets a clear refusal for a value the database refuses, and nothing changes', async () => {
    expect(await createEvent({ ...VALUES, title: ' padded ' }, loaderOf(adminClient))).toEqual({
      outcome: 'refused',
      message: 'The event was not saved: a field has a value the database refuses.',
    });
    expect((await listEvents({ q: 'padded' }, loaderOf(adminClient))).total).toBe(0);
  });

  it('sets when bookings open and close, and hears in words when the database refuses the window', async () => {
    const created = await createEvent({ ...VALUES, title: 'Booking window walk' }, loaderOf(adminClient));
    if (created.outcome !== 'saved') throw new Error('not saved');
    const window = { bookings_open_on: '2027-01-15', bookings_close_on: '2027-05-31' };
    expect(await updateEvent(created.id, { ...VALUES, ...window }, loaderOf(adminClient))).toEqual({
      outcome: 'saved',
      id: created.id,
    });
    expect(await readEvent(created.id, loaderOf(adminClient))).toMatchObject(window);

    expect(
      await updateEvent(
        created.id,
        { ...VALUES, bookings_open_on: '2027-03-01', bookings_close_on: '2027-02-28' },
        loaderOf(adminClient),
      ),
    ).toEqual({
      outcome: 'refused',
      message: 'The event was not saved: bookings cannot close before they open.',
    });
    expect(
      await updateEvent(
        created.id,
        { ...VALUES, bookings_close_on: VALUES.start_date },
        loaderOf(adminClient),
      ),
    ).toEqual({
      outcome: 'refused',
      message: 'The event was not saved: bookings must open and close before the start date.',
    });
    expect(await readEvent(created.id, loaderOf(adminClient))).toMatchObject(window);
  });

  it('saves the booking settings, and hears in words that a limited release needs its opening day', async () => {
    const created = await createEvent({ ...VALUES, title: 'Limited release walk' }, loaderOf(adminClient));
    if (created.outcome !== 'saved') throw new Error('not saved');
    expect(await readEvent(created.id, loaderOf(adminClient))).toMatchObject({
      deposit_per_traveller_cents: 50000,
      payment_plan_id: VALUES.payment_plan_id,
      gst_treatment: 'gst-free',
      balance_instalments: 1,
    });
    expect(
      await updateEvent(created.id, { ...VALUES, next_room_priority_days: 14 }, loaderOf(adminClient)),
    ).toEqual({
      outcome: 'refused',
      message: 'The event was not saved: a limited release needs the day bookings open.',
    });
  });

  it('lists a published event whose last day has passed in Sydney as completed, and pickers put it after upcoming ones (issue 20)', async () => {
    const today = sydneyToday();
    const shift = (days: number) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    const insert = (title: string, start: number, end: number) =>
      service
        .from('events')
        .insert({ title, status: 'published', start_date: shift(start), end_date: shift(end) })
        .select('id')
        .single()
        .throwOnError()
        .then(({ data }) => data.id);
    const ended = await insert('Phase ended yesterday', -3, -1);
    const lastDay = await insert('Phase last day today', -1, 0);
    const found = await listEvents({ q: 'phase ', filter: 'completed' }, loaderOf(adminClient));
    expect(found.rows.map((row) => [row.id, row.status, row.phase])).toEqual([
      [ended, 'published', 'completed'],
    ]);
    const running = await listEvents({ q: 'phase ', filter: 'published' }, loaderOf(adminClient));
    expect(running.rows.map((row) => row.id)).toEqual([lastDay]);
    const choices = (await fetchEventChoices(['published', 'completed'], loaderOf(adminClient))).map(
      (choice) => choice.id,
    );
    expect(choices.indexOf(lastDay)).toBeLessThan(choices.indexOf(ended));
    expect(choices.indexOf(lastDay)).toBeGreaterThanOrEqual(0);
  });

  it('sorts and pages on the server', async () => {
    const page = await listEventsRange({ sort: 'title', dir: 'asc' }, 0, 1, loaderOf(adminClient));
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.rows[0]!.title.localeCompare(page.rows[1]!.title)).toBeLessThanOrEqual(0);
  });
});

describe("a departure made here, on its trip's page", () => {
  it('is found by the trip slug when no event has it as its own slug: the next one, else the latest', async () => {
    const trip = 'trip-with-departures';
    const make = async (title: string, start: string, status: 'published' | 'completed' | 'draft') => {
      const created = await createEvent(
        {
          ...VALUES,
          title,
          start_date: start,
          end_date: start,
          trip_slug: trip,
        },
        loaderOf(adminClient),
      );
      if (created.outcome !== 'saved') throw new Error('not saved');
      if (status !== 'draft') await service.from('events').update({ status }).eq('id', created.id);
      return created.id;
    };
    const past = await make('Past departure', '2026-01-10', 'completed');
    const next = await make('Next departure', '2026-12-10', 'published');
    await make('Later departure', '2027-03-10', 'published');
    await make('Draft departure', '2026-11-30', 'draft');
    const visitor = visitorClient(stack);
    const found = (today: string) => fetchEventDetail({ kind: 'slug', slug: trip }, today, loaderOf(visitor));
    expect((await found('2026-11-24'))?.id).toBe(next);
    expect((await found('2027-06-01'))?.title).toBe('Later departure');
    await service.from('events').update({ status: 'draft' }).neq('id', past).eq('trip_slug', trip);
    expect((await found('2026-11-24'))?.id).toBe(past);
    // An event's own slug still wins over any trip's departures.
    expect(
      (
        await fetchEventDetail(
          { kind: 'slug', slug: 'tasmania-paranormal-getaway' },
          undefined,
          loaderOf(visitor),
        )
      )?.title,
    ).toBe('Tasmania Paranormal Getaway');
  });
});

describe('a member calling the same endpoints directly', () => {
  it('sees no drafts, and creates, edits, publishes and cancels nothing', async () => {
    const created = await createEvent({ ...VALUES, title: 'Members keep out' }, loaderOf(adminClient));
    if (created.outcome !== 'saved') throw new Error('not saved');
    expect(await readEvent(created.id, loaderOf(memberClient))).toBeNull();
    expect((await listEvents({ filter: 'draft' }, loaderOf(memberClient))).total).toBe(0);
    expect(await createEvent(VALUES, loaderOf(memberClient))).toEqual({
      outcome: 'refused',
      message: 'Only admins can change events.',
    });
    expect(await updateEvent(created.id, VALUES, loaderOf(memberClient))).toEqual({
      outcome: 'refused',
      message: 'This event no longer exists.',
    });
    expect(await changeEventStatus(created.id, 'draft', 'published', loaderOf(memberClient))).toBe(false);
    const published = await service
      .from('events')
      .select('id')
      .eq('slug', 'tasmania-paranormal-getaway')
      .single();
    expect(
      await changeEventStatus(published.data!.id, 'published', 'cancelled', loaderOf(memberClient)),
    ).toBe(false);
    expect((await readEvent(created.id, loaderOf(adminClient)))?.title).toBe('Members keep out');
    expect((await readEvent(published.data!.id, loaderOf(adminClient)))?.status).toBe('published');
  });
});
