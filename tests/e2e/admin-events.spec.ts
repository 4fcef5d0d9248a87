import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, sessionFor, supabaseUrl, waitForMail } from '../helpers/e2e-backend';
import { createEvent, daysFromToday } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';

// /admin/events and /admin/event-management against the local stack: an admin creates an event (with an
// image), publishes it and finds it on /events; sets the day a departure's bookings open; cancels one and
// its follower gets the e-mail; bad input changes nothing; a member calling the same endpoints directly
// gets nothing. The database is shared by parallel tests: every event has a title of its own.

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;

async function fillEvent(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Two nights in the goldfields,\nwith a lantern walk.');
  await page.getByLabel('Start date').fill(daysFromToday(20));
  await page.getByLabel('End date').fill(daysFromToday(22));
  await page.getByLabel('Location').fill('Ballarat, Victoria');
  await page.getByLabel('Price per person').fill('1200.50');
  await page.getByLabel('Places (capacity)').fill('12');
  await page.getByLabel('Status badge').selectOption('live');
}

test('an admin creates an event with an image, publishes it, and it appears on /events', async ({ page }) => {
  const title = unique('Ghosts of Ballarat');
  await openAdminScreen(page, '/admin/event-management', 'New event');
  await fillEvent(page, title);
  await page.getByLabel('Trip page').selectOption('tasmania-paranormal-getaway');
  await page
    .getByLabel(/Add an image/)
    .setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: `Image 1 of ${title}` })).toBeVisible();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Edit event: ${title}`, level: 2 })).toBeVisible();

  const { data: stored } = await adminClient()
    .from('events')
    .select('status, price_cents, max_registrations, badge, image_paths, slug, trip_slug')
    .eq('title', title)
    .single();
  expect(stored).toMatchObject({
    status: 'draft',
    price_cents: 120050,
    max_registrations: 12,
    badge: 'live',
    trip_slug: 'tasmania-paranormal-getaway',
  });
  expect(stored!.image_paths).toHaveLength(1);
  expect(stored!.slug).toBe(`${title.toLowerCase().replace(/ /g, '-')}-${daysFromToday(20)}`);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Event published')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  await page.goto('/events');
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 15_000 });
  // A departure of a Sanity trip links to the trip's page (events.trip_slug, decision 0035).
  await expect(page.getByRole('link', { name: new RegExp(`^Trip details\\s*: ${title}$`) })).toHaveAttribute(
    'href',
    '/tours/tasmania-paranormal-getaway',
  );
});

test('the events list filters by status, searches, and exports what it shows as CSV', async ({ page }) => {
  const event = await createEvent({ title: 'Listed Trip' });
  await openAdminScreen(page, `/admin/events?filter=draft&q=${encodeURIComponent(event.title)}`, 'Events');
  const table = page.getByRole('table', { name: 'Events: draft' });
  await expect(table.getByText('No events match this search.')).toBeVisible();
  await page.getByRole('button', { name: 'Published', exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Events: published' }).getByRole('link', { name: event.title }),
  ).toBeVisible();
  await expect(page.getByText('1–1 of 1')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = await readFile((await (await downloading).path())!, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Title,Slug,Trip,Status,Badge,Start date,End date/);
  expect(lines[1]).toContain(`${event.title},${event.slug},,Published,EOI,${daysFromToday(30)}`);
  await expect(page.getByText('1 events exported.')).toBeVisible();

  await page.getByRole('link', { name: event.title }).click();
  await expect(page.getByRole('heading', { name: `Edit event: ${event.title}`, level: 2 })).toBeVisible();
});

test('bad input gets a clear message and saves nothing', async ({ page }) => {
  const title = unique('Backwards trip');
  await openAdminScreen(page, '/admin/event-management', 'New event');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Please enter a title.')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
  await fillEvent(page, title);
  await page.getByLabel('End date').fill(daysFromToday(10));
  await page.getByLabel('Price per person').fill('12,00.5.0');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('The end date cannot be before the start date.')).toBeVisible();
  await expect(page.getByText('Enter the price as a number, such as 1200 or 1200.50.')).toBeVisible();
  const { count } = await adminClient()
    .from('events')
    .select('id', { count: 'exact', head: true })
    .eq('title', title);
  expect(count).toBe(0);
});

test('an admin sets the day bookings open on an upcoming departure, and it is kept on reload', async ({
  page,
}) => {
  const event = await createEvent({ title: 'Opening Later Trip', startsIn: 30 });
  const heading = `Edit event: ${event.title}`;
  await openAdminScreen(page, `/admin/event-management?id=${event.id}`, heading);
  await expect(page.getByLabel('Bookings open')).toHaveValue('');
  await page.getByLabel('Bookings open').fill(daysFromToday(10));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Event saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await expect(page.getByLabel('Bookings open')).toHaveValue(daysFromToday(10));
  await expect(page.getByLabel('Bookings close')).toHaveValue('');
  const { data } = await adminClient()
    .from('events')
    .select('bookings_open_on, bookings_close_on')
    .eq('id', event.id)
    .single();
  expect(data).toEqual({ bookings_open_on: daysFromToday(10), bookings_close_on: null });
});

test('an admin cancels an event, confirmed first, and its follower gets the e-mail', async ({ page }) => {
  const event = await createEvent({ title: 'Doomed Trip' });
  const follower = await createMember({ fullName: 'Fran Follower' });
  const { error } = await adminClient()
    .from('event_follows')
    .insert({ user_id: follower.id, event_id: event.id });
  expect(error).toBeNull();

  await openAdminScreen(page, `/admin/event-management?id=${event.id}`, `Edit event: ${event.title}`);
  await page.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${event.title}?` });
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Cancel event' }).click();
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(page.getByText('Event cancelled')).toBeVisible();
  await expect(page.getByText('Status: Cancelled.')).toBeVisible();

  const mail = await waitForMail(follower.email, new RegExp(`^Cancelled: ${event.title}$`), 20_000);
  expect(mail.subject).toBe(`Cancelled: ${event.title}`);
});

test('a member calling the event endpoints directly through supabase-js is refused every time', async () => {
  const event = await createEvent({ title: 'Members keep out' });
  const member = await createMember();
  const session = await sessionFor(member);
  const client = createClient(supabaseUrl(), process.env.E2E_SUPABASE_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  const insert = await client
    .from('events')
    .insert({ title: 'Sneaky', start_date: '2027-01-01', end_date: '2027-01-02' })
    .select('id');
  expect(insert.error?.code).toBe('42501');
  for (const change of [{ status: 'cancelled' }, { title: 'Renamed' }, { badge: 'confirmed' }]) {
    const update = await client.from('events').update(change).eq('id', event.id).select('id');
    expect(update.data).toEqual([]);
  }
  const remove = await client.from('events').delete().eq('id', event.id).select('id');
  expect(remove.data).toEqual([]);
  const { data } = await adminClient().from('events').select('title, status').eq('id', event.id).single();
  expect(data).toEqual({ title: event.title, status: 'published' });
});

for (const theme of ['light', 'dark'] as const)
  test(`the events screens pass axe in the ${theme} theme`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    const event = await createEvent({ title: 'Axe Trip' });
    const admin = await openAdminScreen(page, `/admin/events?q=${encodeURIComponent(event.title)}`, 'Events');
    await expect(page.getByRole('link', { name: event.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await openAdminScreen(
      page,
      `/admin/event-management?id=${event.id}`,
      `Edit event: ${event.title}`,
      admin,
    );
    expect(await axeViolations(page)).toEqual([]);
    await openAdminScreen(page, '/admin/event-management', 'New event', admin);
    await page.getByRole('button', { name: 'Create event' }).click();
    await expect(page.getByText('Please enter a title.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
