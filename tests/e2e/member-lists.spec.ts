import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, runJob, signInPage } from '../helpers/e2e-backend';
import { daysFromToday } from '../helpers/events';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// /customer-favorites and /completed-events: the member's own rows, and an empty state without them;
// a completed event's View Itinerary and Share Experience (Web Share API, else the link copied).

test('favourites list the member’s favourited events and can be removed', async ({ page }) => {
  const member = await createMember();
  const other = await createMember();
  const liked = await arrangeEvent({
    title: 'Monte Cristo Homestead',
    start: '2030-05-02',
    end: '2030-05-04',
  });
  const notMine = await arrangeEvent({ title: 'Someone Else’s Favourite' });
  await adminClient()
    .from('favorites')
    .insert([
      { user_id: member.id, event_id: liked.id },
      { user_id: other.id, event_id: notMine.id },
    ]);
  await signInPage(page, member);
  await page.goto('/customer-favorites');
  await expect(page.getByRole('heading', { name: 'Monte Cristo Homestead' })).toBeVisible();
  await expect(page.getByText('2nd May, 2030')).toBeVisible();
  await expect(page.getByText('Someone Else’s Favourite')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Monte Cristo Homestead from favourites' }).click();
  await expect(page.getByText('Removed from favourites')).toBeVisible();
  await expect(page.getByText('You have no favourite events yet.')).toBeVisible();
  const { count } = await adminClient()
    .from('favorites')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', member.id);
  expect(count).toBe(0);
});

test('completed events are the member’s bookings whose event has ended', async ({ page }) => {
  const member = await createMember();
  const ended = await arrangeEvent({ title: 'Quarantine Station', start: '2021-07-01', end: '2021-07-03' });
  const upcoming = await arrangeEvent({ title: 'Future Trip', start: '2031-07-01', end: '2031-07-03' });
  const cancelled = await arrangeEvent({ title: 'Called Off', start: '2021-01-01', end: '2021-01-02' });
  const booking = await arrangeBooking({ userId: member.id, eventId: ended.id, totalCents: 1000 });
  await arrangeBooking({ userId: member.id, eventId: upcoming.id, totalCents: 1000 });
  await arrangeBooking({ userId: member.id, eventId: cancelled.id, totalCents: 1000, status: 'cancelled' });
  await signInPage(page, member);
  await page.goto('/completed-events');
  const item = page.getByRole('listitem').filter({ hasText: 'Quarantine Station' });
  await expect(item).toContainText('Completed');
  await expect(item).toContainText('1st July, 2021 to 3rd July, 2021');
  await expect(item.getByRole('link', { name: 'Booking details' })).toHaveAttribute(
    'href',
    `/manage-booking?booking=${booking.id}`,
  );
  await expect(item.getByRole('link', { name: /^View Itinerary/ })).toHaveAttribute(
    'href',
    `/event-details/${ended.id}`,
  );
  await expect(page.getByText('Future Trip')).toHaveCount(0);
  await expect(page.getByText('Called Off')).toHaveCount(0);
});

test('a trip the daily job marked completed counts as completed, whatever the browser’s date', async ({
  page,
}) => {
  const member = await createMember();
  const trip = await arrangeEvent({
    title: 'Richmond Gaol Lantern Walk',
    start: daysFromToday(-5),
    end: daysFromToday(-3),
  });
  await arrangeBooking({ userId: member.id, eventId: trip.id, totalCents: 1000 });
  // What `npm run jobs -- --at=… --job=…` asks the running stack: 14:05 UTC is the completing job's time
  // (decision 0083); that job only, so the other jobs' clocks stay where other tests need them.
  const ran = await runJob('complete-ended-trips', '2031-10-01T14:05:10Z');
  expect(ran.status).toBe(200);
  const { data } = await adminClient().from('events').select('status').eq('id', trip.id).single();
  expect(data).toEqual({ status: 'completed' });
  // A browser whose date is before the trip's end still shows it completed: the status says so.
  await page.clock.setFixedTime(new Date(`${daysFromToday(-4)}T02:00:00Z`));
  await signInPage(page, member);
  await page.goto('/completed-events');
  await expect(page.getByRole('listitem').filter({ hasText: 'Richmond Gaol Lantern Walk' })).toContainText(
    'Completed',
  );
  await page.goto('/dashboard');
  await expect(page.locator('[data-tile="completedEvents"]')).toContainText('Completed Events1');
});

/** A member with one booking of an event that has ended, on /completed-events. */
async function completedTrip(page: Page): Promise<{ id: string; title: string }> {
  const member = await createMember();
  const ended = await arrangeEvent({ title: 'Shared Sanatorium', start: '2022-03-01', end: '2022-03-04' });
  await arrangeBooking({ userId: member.id, eventId: ended.id, totalCents: 1000 });
  await signInPage(page, member);
  await page.goto('/completed-events');
  return ended;
}

test('Share Experience copies the event’s link where the browser cannot share', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Desktop Chromium may or may not have the Web Share API: take it away.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  const ended = await completedTrip(page);
  await page.getByRole('button', { name: /^Share Experience/ }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(`/event-details/${ended.id}`, page.url()).href);
});

test('Share Experience hands the event to the Web Share API where there is one', async ({ page }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedForTest: shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      value: async (data: ShareData) => void shared.push(data),
      configurable: true,
    });
    Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
  });
  const ended = await completedTrip(page);
  await page.getByRole('button', { name: /^Share Experience/ }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedForTest: ShareData[] }).sharedForTest))
    .toEqual([
      {
        title: 'Shared Sanatorium',
        text: expect.stringContaining('Shared Sanatorium'),
        url: new URL(`/event-details/${ended.id}`, page.url()).href,
      },
    ]);
  await expect(page.getByText('Link copied')).toHaveCount(0);
});

test('empty states for a new member', async ({ page }) => {
  const member = await createMember();
  await signInPage(page, member);
  await page.goto('/completed-events');
  await expect(page.getByText('No completed events yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  await page.goto('/customer-favorites');
  await expect(page.getByText('You have no favourite events yet.')).toBeVisible();
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`axe finds nothing on a completed event’s card (${theme} theme)`, async ({ context, page }) => {
    await useStoredTheme(context, theme);
    await completedTrip(page);
    await expect(page.getByRole('button', { name: /^Share Experience/ })).toBeVisible();
    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page)).toEqual([]);
  });
}
