import { expect, test } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { waitForAllIslands } from '../helpers/islands';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// /event-updates: the updates of the events a member follows or has booked, newest first, unread ones
// marked 'New' until 'Mark all as read'; nothing for a member without a follow or booking; visitors log in.

test('a member sees their events’ updates newest first, marked new until marked read', async ({ page }) => {
  const member = await createMember();
  const booked = await arrangeEvent({ title: 'Lantern Gaol Night', start: '2030-06-03', end: '2030-06-05' });
  const followed = await arrangeEvent({ title: 'Asylum Weekend', start: '2030-08-01', end: '2030-08-03' });
  const elsewhere = await arrangeEvent({ title: 'Not Their Trip' });
  await arrangeBooking({ userId: member.id, eventId: booked.id, totalCents: 1000 });
  const follow = await adminClient()
    .from('event_follows')
    .insert({ user_id: member.id, event_id: followed.id });
  if (follow.error) throw new Error(follow.error.message);
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const { error } = await adminClient()
    .from('event_updates')
    .insert([
      { event_id: booked.id, title: 'Torches provided', body: 'Bring warm clothes.', created_at: at(48) },
      { event_id: followed.id, title: 'Bus times fixed', body: 'We leave at 6 pm.', created_at: at(1) },
      { event_id: booked.id, title: 'Guide announced', body: 'Meet Ruth, our guide.', created_at: at(24) },
      { event_id: elsewhere.id, title: 'Secret news', body: 'Not for them.', created_at: at(0) },
    ]);
  if (error) throw new Error(error.message);

  await signInPage(page, member);
  await page.goto('/event-updates');
  const items = page.getByTestId('event-update');
  await expect(items).toHaveCount(3);
  await expect(items.getByRole('heading')).toHaveText([
    'Bus times fixed',
    'Guide announced',
    'Torches provided',
  ]);
  await expect(items.getByText('New', { exact: true })).toHaveCount(3);
  await expect(items.first()).toContainText('Asylum Weekend · 1st August, 2030');
  await expect(items.nth(1)).toContainText('Lantern Gaol Night · 3rd June, 2030');
  await expect(items.nth(1)).toContainText('Meet Ruth, our guide.');
  await expect(page.getByText('3 new updates')).toBeVisible();
  await expect(page.getByText('Secret news')).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All updates marked as read.')).toBeAttached();
  await expect(page.getByText('No new updates')).toBeVisible();
  await expect(items.getByText('New', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await page.reload();
  await expect(items).toHaveCount(3);
  await expect(page.getByText('No new updates')).toBeVisible();
  await expect(items.getByText('New', { exact: true })).toHaveCount(0);
});

test('a member who neither follows nor booked an event sees no updates, and how to get them', async ({
  page,
}) => {
  const event = await arrangeEvent({ title: 'Someone Else’s Trip' });
  const { error } = await adminClient()
    .from('event_updates')
    .insert({ event_id: event.id, title: 'Only for bookers', body: 'Hello.' });
  if (error) throw new Error(error.message);
  const member = await createMember();
  await signInPage(page, member);
  await page.goto('/event-updates');
  await expect(page.getByText('No updates yet.')).toBeVisible();
  await expect(page.getByText(/Follow an event on the events page/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/events');
  await expect(page.getByText('Only for bookers')).toHaveCount(0);
});

test('a visitor is sent to log in first', async ({ page }) => {
  await page.goto('/event-updates');
  await expect(page).toHaveURL(/\/login\?next=%2Fevent-updates$/);
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`axe finds no violations on /event-updates in the ${theme} theme`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    const member = await createMember();
    const event = await arrangeEvent({ title: 'Accessible Asylum' });
    await arrangeBooking({ userId: member.id, eventId: event.id, totalCents: 1000 });
    const { data, error } = await adminClient()
      .from('event_updates')
      .insert([
        { event_id: event.id, title: 'Read news', body: 'Old.' },
        { event_id: event.id, title: 'Unread news', body: 'New.' },
      ])
      .select('id, title');
    if (error) throw new Error(error.message);
    const read = data.find((row) => row.title === 'Read news')!;
    const marker = await adminClient()
      .from('event_update_reads')
      .insert({ update_id: read.id, user_id: member.id });
    if (marker.error) throw new Error(marker.error.message);
    await signInPage(page, member);
    await page.goto('/event-updates');
    await waitForAllIslands(page);
    await expect(page.getByTestId('event-update')).toHaveCount(2);
    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page)).toEqual([]);
  });
}
