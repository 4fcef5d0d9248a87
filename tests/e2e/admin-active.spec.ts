import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, sessionFor, supabaseUrl } from '../helpers/e2e-backend';
import { createEvent, daysFromToday, type TestEvent } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';
import { downloadedCsv } from '../helpers/csv';

// /admin/active-events and a manifest: an event departing in 20 days with one booking of two places, one
// traveller named on it. Each test arranges its own event (the e2e database is shared by parallel tests).

interface Arranged {
  event: TestEvent;
  traveller: string;
  birthDate: string;
  /** Whole years on the event's first day, as a person counts them. */
  age: number;
}

async function arrangeBookedEvent(): Promise<Arranged> {
  const event = await createEvent({ title: 'Manifest Trip', startsIn: 20, nights: 2 });
  const service = adminClient();
  const capacity = await service.from('events').update({ max_registrations: 10 }).eq('id', event.id);
  if (capacity.error) throw new Error(capacity.error.message);
  const member = await createMember({ fullName: 'Booking Member' });
  const mark = randomUUID().slice(0, 8).toUpperCase();
  const booking = await service
    .from('bookings')
    .insert({
      event_id: event.id,
      user_id: member.id,
      invoice_number: `MAN-${mark}`,
      travellers: 2,
      total_cents: 200000,
    })
    .select('id')
    .single();
  if (booking.error) throw new Error(booking.error.message);
  // Born 40 years before the day after departure: 39 on the first day, 40 the day after.
  const dayAfter = daysFromToday(21);
  const birthDate = `${Number(dayAfter.slice(0, 4)) - 40}${dayAfter.slice(4)}`;
  const traveller = `Tess Traveller ${mark.toLowerCase()}`;
  const row = await service
    .from('travellers')
    .insert({
      user_id: member.id,
      full_name: traveller,
      date_of_birth: birthDate,
      dietary_notes: 'Vegetarian, no nuts',
      medical_notes: 'Asthma: inhaler in the day pack',
      emergency_contact_name: 'Sam Traveller',
      emergency_contact_phone: '0412 345 678',
    })
    .select('id')
    .single();
  if (row.error) throw new Error(row.error.message);
  const link = await service
    .from('booking_travellers')
    .insert({ booking_id: booking.data.id, traveller_id: row.data.id });
  if (link.error) throw new Error(link.error.message);
  return { event, traveller, birthDate, age: 39 };
}

async function openManifestFromList(page: Page, event: TestEvent): Promise<void> {
  await page.getByLabel('Search by title, place or slug').fill(event.title);
  const row = page.getByRole('row').filter({ hasText: event.title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2 of 10');
  await expect(row).toContainText('Departs in 20 days');
  await row.getByRole('link', { name: `Manifest of ${event.title}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Manifest: ${event.title}` })).toBeVisible();
}

test('an admin opens an active event’s manifest, sees the age on departure and downloads a CSV that parses', async ({
  page,
}) => {
  const { event, traveller, birthDate, age } = await arrangeBookedEvent();
  await openAdminScreen(page, '/admin/active-events', 'Active events');
  await openManifestFromList(page, event);

  const travellers = page.getByRole('table', { name: `Travellers on ${event.title}` });
  const row = travellers.getByRole('row').filter({ hasText: traveller });
  await expect(row.getByRole('cell').nth(0)).toHaveText(String(age));
  await expect(row).toContainText('Asthma: inhaler in the day pack');
  await expect(row).toContainText('Sam Traveller, 0412 345 678');
  // Two places sold, one named: the manifest says who is missing.
  await expect(page.getByText('1 place sold has no traveller named yet')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`manifest-${event.slug}-${daysFromToday(20)}.csv`);
  await expect(page.getByText('1 traveller exported.')).toBeVisible();
  const [header, ...records] = await downloadedCsv(download);
  expect(header?.slice(0, 3)).toEqual(['Traveller', 'Date of birth', 'Age on departure']);
  expect(records).toHaveLength(1);
  const record = Object.fromEntries((header ?? []).map((name, i) => [name, records[0]?.[i]]));
  expect(record).toMatchObject({
    Traveller: traveller,
    'Date of birth': birthDate,
    'Age on departure': String(age),
    'Dietary notes': 'Vegetarian, no nuts',
    'Emergency phone': '0412 345 678',
  });
});

test('the manifest prints as the page alone, black on white in the dark theme too', async ({
  page,
  context,
}) => {
  await useStoredTheme(context, 'dark');
  const { event, traveller } = await arrangeBookedEvent();
  await openAdminScreen(page, '/admin/active-events', 'Active events');
  await openManifestFromList(page, event);
  // The Print button opens the browser's print dialog; here it only records that it asked for it.
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-printed', 'yes');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: `Manifest: ${event.title}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: traveller })).toBeVisible();
  // Black on white whatever the theme: grey or light text fades on paper.
  await expect(page.getByText('Everyone named on the event')).toHaveCSS('color', 'rgb(0, 0, 0)');
});

test('an address that names no event says so', async ({ page }) => {
  await openAdminScreen(page, '/admin/active-events/not-an-event/manifest', 'Manifest');
  await expect(page.getByText('There is no event at this address.')).toBeVisible();
  await page.goto('/admin/active-events/00000000-0000-4000-8000-000000000000/manifest');
  await expect(page.getByText('There is no event at this address.')).toBeVisible();
});

test('a member calling the active-events and manifest functions directly through supabase-js is refused', async () => {
  const { event } = await arrangeBookedEvent();
  const member = await createMember();
  const session = await sessionFor(member);
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY'] ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  const list = await client.rpc('admin_active_events', { search: event.title });
  expect(list.data).toBeNull();
  expect(list.error?.code).toBe('42501');
  const manifest = await client.rpc('admin_event_manifest', { p_event_id: event.id });
  expect(manifest.data).toBeNull();
  expect(manifest.error?.code).toBe('42501');
  // A visitor cannot even call them.
  const visitor = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY'] ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect((await visitor.rpc('admin_event_manifest', { p_event_id: event.id })).data).toBeNull();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the active events list and a manifest pass axe in the ${theme} theme`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    const { event } = await arrangeBookedEvent();
    await openAdminScreen(page, `/admin/active-events?q=${encodeURIComponent(event.title)}`, 'Active events');
    await expect(page.getByRole('row').filter({ hasText: event.title })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: `Manifest of ${event.title}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Manifest: ${event.title}` })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
