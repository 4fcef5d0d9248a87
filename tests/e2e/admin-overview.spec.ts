import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { createMember, runJob, sessionFor, supabaseUrl, uniqueEmail } from '../helpers/e2e-backend';
import { createEvent } from '../helpers/events';

// /admin: the figures come from one request and follow the data; each card opens the list behind it; a
// member calling admin_overview() directly through supabase-js is refused.

function anonKey(): string {
  const key = process.env.E2E_SUPABASE_ANON_KEY;
  if (!key) throw new Error('E2E_SUPABASE_ANON_KEY is unset: run the browser tests through scripts/e2e.mjs');
  return key;
}
const kpiValue = (page: Page, label: string) => page.locator(`[data-kpi="${label}"] [data-kpi-value]`);

test('an admin sees the waitlist figures change when a visitor joins a waitlist', async ({ page }) => {
  const event = await createEvent({ title: 'Overview Waitlist', startsIn: 12 });
  await openAdminScreen(page, '/admin', 'Overview');
  await expect(kpiValue(page, 'Waitlist entries')).toBeVisible();
  // The event's own row, not the total: other tests add and remove waitlist entries at the same time. The
  // departures table finds it by its title (searched in the browser: the rows came with the overview).
  await page.getByLabel('Search departures').fill(event.title);
  const waitlistOfEvent = async () =>
    page
      .getByRole('table', { name: 'Upcoming departures' })
      .getByRole('row', { name: event.title })
      .getByRole('cell')
      .nth(3);
  await expect(await waitlistOfEvent()).toHaveText('0');

  // What a trip page's waitlist form sends: join_waitlist() as a visitor, with the trip's name and no event
  // id; the database links the entry to the trip's next departure.
  const visitor = createClient(supabaseUrl(), anonKey(), { auth: { persistSession: false } });
  const { data, error } = await visitor.rpc('join_waitlist', {
    event_name: event.title,
    full_name: 'Vera Visitor',
    email: uniqueEmail('overview-waitlist'),
  });
  expect(error).toBeNull();
  expect(data).toBe('joined');

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(await waitlistOfEvent()).toHaveText('1');
  await expect(page.getByRole('heading', { name: 'The last twelve weeks' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Sign-ups per week/ })).toBeAttached();

  await page.locator('[data-kpi="Waitlist entries"] a').click();
  await expect(page).toHaveURL(/\/admin\/waitlist\?filter=waitlist$/);
});

test('an admin sees each scheduled job’s last run and how it ended', async ({ page }) => {
  // What `npm run jobs -- --at=… --job=…` asks the running stack: that job, due at that moment, runs once
  // (the others' clocks stay where other tests need them). 14:05 UTC is when the daily job that completes
  // ended trips is due (decision 0083).
  const ran = await runJob('complete-ended-trips', '2031-08-01T14:05:10Z');
  expect(ran.status).toBe(200);
  await openAdminScreen(page, '/admin', 'Overview');
  const jobs = page.getByRole('table', { name: 'Scheduled jobs and their last run' });
  const completing = jobs.getByRole('row', { name: /Marks trips that have ended as completed/ });
  await expect(completing.getByRole('cell').nth(1)).toHaveText('Succeeded');
  await expect(jobs.getByRole('row', { name: /Removes uploaded images no post uses/ })).toBeVisible();
});

test('a member who calls admin_overview() through supabase-js is refused', async () => {
  const member = await createMember({ fullName: 'Morgan Member' });
  const session = await sessionFor(member);
  const client = createClient(supabaseUrl(), anonKey(), {
    auth: { persistSession: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { data, error } = await client.rpc('admin_overview');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  }
});
