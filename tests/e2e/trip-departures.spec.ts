import { expect, test } from '@playwright/test';
import { adminClient, createMember } from '../helpers/e2e-backend';
import { arrangeBooking } from '../helpers/member-bookings';

// Issue 20, decision 0067: trips and their departures. The static pages carry each departure's dates and price
// from the build (the seed dates next year's departures from the day it runs, so this holds in any year); a
// small script fills in each departure's live state when the page is shown.

const USA_NEXT_YEAR = 'e0000000-0000-4000-8000-000000000008';
const nextYear =
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric' }).format(new Date()),
  ) + 1;

test('the landing offers bookable trips on a fresh start: next departure, price, places and an action', async ({
  page,
}) => {
  await page.goto('/');
  const tasmania = page.getByRole('article', { name: 'Tasmania Paranormal Getaway' });
  await expect(tasmania.getByText(`12th February, ${nextYear}`)).toBeVisible();
  await expect(tasmania.getByText('$1,200.00 per person')).toBeVisible();
  await expect(tasmania.getByText('15 places left')).toBeVisible();
  await expect(tasmania.getByRole('button', { name: 'Join Waitlist' })).toBeVisible();
  const vietnam = page.getByRole('article', { name: 'Vietnam Battlefield Tour' });
  await expect(vietnam.getByText(`Booking opens 1st March, ${nextYear}`)).toBeVisible();
  // The Quarantine Station's night, 45 days after the seed, has a trip of its own now.
  const quarantine = page.getByRole('article', { name: 'Quarantine Station Night Investigation' });
  await expect(quarantine.getByText('$185.00 per person')).toBeVisible();
  await quarantine.getByRole('link', { name: 'Quarantine Station Night Investigation' }).click();
  await expect(page).toHaveURL(/\/tours\/quarantine-station-night-investigation$/);
});

test('a trip page lists its departures on sale and its past ones as past, never as coming soon', async ({
  page,
}) => {
  await page.goto('/tours/tasmania-paranormal-getaway');
  const onSale = page.getByRole('list', { name: 'Departures on sale' });
  await expect(onSale.getByRole('listitem')).toHaveCount(1);
  await expect(onSale).toContainText(`12th to 16th February, ${nextYear}`);
  await expect(onSale).toContainText('4 Nights · $1,200.00 per person');
  await expect(onSale.getByRole('link', { name: 'Details and community' })).toHaveAttribute(
    'href',
    `/event-details/tasmania-paranormal-getaway-${nextYear}-02-12`,
  );
  const past = page
    .getByRole('heading', { name: 'Past departures' })
    .locator('xpath=following-sibling::ul[1]');
  await expect(past).toContainText('12th to 16th February, 2026 · Departed');
  await expect(page.getByText(/has departed/i)).toHaveCount(0);
  // The page is complete without JavaScript: dates and prices are in the HTML.
  const html = await (await page.request.get('/tours/tasmania-paranormal-getaway')).text();
  expect(html).toContain(`12th February, ${nextYear}`);
  expect(html).toContain('$1,200.00 per person');
});

test('a departure’s live state follows its bookings and capacity without a rebuild', async ({ page }) => {
  const member = await createMember();
  const admin = adminClient();
  const places = page
    .getByRole('list', { name: 'Departures on sale' })
    .locator(`[data-departure-state="${USA_NEXT_YEAR}"]`);
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: USA_NEXT_YEAR,
    totalCents: 0,
    travellers: 3,
  });
  try {
    await page.goto('/tours/usa-paranormal-road-trip');
    await expect(places).toHaveText('22 places left');
    await admin.from('events').update({ max_registrations: 3 }).eq('id', USA_NEXT_YEAR);
    await page.reload();
    await expect(places).toHaveText('Sold out');
    await expect(places).toHaveAttribute('data-state', 'sold-out');
  } finally {
    await admin.from('bookings').delete().eq('id', booking.id);
    await admin.from('events').update({ max_registrations: 25 }).eq('id', USA_NEXT_YEAR);
  }
  await page.reload();
  await expect(places).toHaveText('25 places left');
});

test('a departure cancelled after the build says so at once, until the next build drops it', async ({
  page,
}) => {
  const admin = adminClient();
  const VIETNAM_NEXT_YEAR = 'e0000000-0000-4000-8000-000000000007';
  await admin.from('events').update({ status: 'cancelled' }).eq('id', VIETNAM_NEXT_YEAR);
  try {
    await page.goto('/tours/vietnam-battlefield-tour');
    await expect(page.locator(`[data-departure-state="${VIETNAM_NEXT_YEAR}"]`).first()).toHaveText(
      'Cancelled',
    );
  } finally {
    await admin.from('events').update({ status: 'published' }).eq('id', VIETNAM_NEXT_YEAR);
  }
});
