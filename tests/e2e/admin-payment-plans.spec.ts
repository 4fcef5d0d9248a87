import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { adminClient, supabaseUrl } from '../helpers/e2e-backend';
import { createEvent, daysFromToday } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';

// /admin/payment-plans and /admin/create-payment-plan (decision 0076): an admin creates a template with the
// database's preview beside it, gives it to a departure in the event form's Bookings section, and the
// departure's quote (what the booking flow shows) follows it; a plan in use cannot be deleted. The database
// is shared: each test names its own plan and event.

/** A published departure `startsIn` days out at $1,000 per person. */
async function pricedDeparture(startsIn: number) {
  const event = await createEvent({ title: 'Plan departure', startsIn });
  const { error } = await adminClient().from('events').update({ price_cents: 100000 }).eq('id', event.id);
  if (error) throw new Error(error.message);
  return event;
}

/** The departure's quote for one traveller as a visitor gets it: days from today and amounts. */
async function quote(eventId: string) {
  const visitor = createClient(supabaseUrl(), process.env.E2E_SUPABASE_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await visitor.rpc('quote_booking', { p_event_id: eventId, p_travellers: 1 });
  if (error) throw new Error(error.message);
  const today = Date.parse(`${daysFromToday(0)}T00:00:00Z`);
  return (data as { due_date: string; amount_cents: number }[]).map((line) => ({
    days: Math.round((Date.parse(`${line.due_date}T00:00:00Z`) - today) / 86_400_000),
    amount_cents: line.amount_cents,
  }));
}

test('an admin creates a plan, gives it to a departure, and its quote follows the plan', async ({ page }) => {
  // Three admin screens and four database reads in one walk.
  test.slow();
  const name = `Every 30 days ${randomUUID().slice(0, 8)}`;
  const event = await pricedDeparture(200);
  expect(await quote(event.id)).toEqual([
    { days: 0, amount_cents: 80000 },
    { days: 110, amount_cents: 20000 },
  ]);

  await openAdminScreen(page, '/admin/create-payment-plan', 'New payment plan');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Please enter a name/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Time between instalments').fill('30');
  await page.getByLabel('Counted in').selectOption('days');
  // The preview: an example departure 240 days out, booked today, the database's schedule.
  const preview = page.getByRole('table', { name: 'Example schedule' });
  await expect(preview.getByRole('row')).toHaveCount(5);
  await expect(preview.getByRole('row').nth(1)).toContainText('Deposit');
  await expect(preview.getByRole('row').nth(1)).toContainText('$800.00');
  await expect(preview.getByRole('row').nth(4)).toContainText('Instalment 3');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText('Plan created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment plans', level: 2 })).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('3 instalments, 30 days apart, the last on the final due day');
  await expect(card).toContainText('No departure uses this plan.');

  await page.goto(`/admin/event-management?id=${event.id}`);
  const bookings = page.getByRole('group', { name: 'Bookings' });
  await expect(bookings).toBeVisible({ timeout: 15_000 });
  await bookings.getByLabel('Payment plan').selectOption({ label: name });
  await expect(bookings.getByLabel('Payment plan')).toHaveAccessibleDescription(
    /3 instalments, 30 days apart/,
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Event saved')).toBeVisible();

  // $1,000: the $800 deposit today, then $200 in three parts 30 days apart, the last 90 days before departure.
  expect(await quote(event.id)).toEqual([
    { days: 0, amount_cents: 80000 },
    { days: 50, amount_cents: 6666 },
    { days: 80, amount_cents: 6666 },
    { days: 110, amount_cents: 6668 },
  ]);

  await page.goto('/admin/payment-plans');
  const used = page.getByRole('article', { name });
  await expect(used).toContainText('Used by 1 departure');
  await expect(used.getByRole('link', { name: event.title })).toBeVisible();
  await expect(used.getByRole('button', { name: `Delete ${name}` })).toBeDisabled();
});

test('a limited release needs its opening day, said on the field', async ({ page }) => {
  const event = await pricedDeparture(120);
  await openAdminScreen(page, `/admin/event-management?id=${event.id}`, /Edit event/);
  const bookings = page.getByRole('group', { name: 'Bookings' });
  await bookings.getByLabel(/Limited release/).check();
  await bookings.getByLabel('Days early for Next Room members').fill('14');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(bookings.getByLabel('Days early for Next Room members')).toHaveAccessibleDescription(
    /A limited release needs the day bookings open/,
  );
  await page.getByLabel('Bookings open', { exact: true }).fill(daysFromToday(30));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Event saved')).toBeVisible();
  const { data } = await adminClient()
    .from('events')
    .select('next_room_priority_days')
    .eq('id', event.id)
    .single();
  expect(data?.next_room_priority_days).toBe(14);
});

for (const theme of ['light', 'dark'] as const)
  test(`the payment plan screens and the Bookings section pass axe in the ${theme} theme`, async ({
    page,
    context,
  }) => {
    // Four axe scans of admin screens.
    test.slow();
    await useStoredTheme(context, theme);
    const event = await pricedDeparture(150);
    const admin = await openAdminScreen(page, '/admin/payment-plans', 'Payment plans');
    await expect(page.getByRole('article', { name: 'Three monthly instalments' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/admin/create-payment-plan');
    await expect(page.getByRole('table', { name: 'Example schedule' })).toBeVisible({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('How the balance is paid').selectOption('fixed');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await expect(page.getByText('Enter every instalment date, or remove the empty ones.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await openAdminScreen(page, `/admin/event-management?id=${event.id}`, /Edit event/, admin);
    const bookings = page.getByRole('group', { name: 'Bookings' });
    await bookings.getByLabel(/Limited release/).check();
    expect(await axeViolations(page, bookings)).toEqual([]);
  });
