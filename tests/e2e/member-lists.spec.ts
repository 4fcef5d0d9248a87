import { expect, test } from '@playwright/test';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';

// /customer-favorites and /completed-events: the member's own rows, and an empty state without them.

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
  await expect(page.getByText('Future Trip')).toHaveCount(0);
  await expect(page.getByText('Called Off')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View Itinerary' })).toHaveCount(0);
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
