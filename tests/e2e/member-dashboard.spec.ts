import { expect, test } from '@playwright/test';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { axeViolations } from '../helpers/axe';
import { colourOfClass, readTheme, useStoredTheme, type Theme } from '../helpers/theme';
import { sydneyToday } from '../../src/lib/format/today';

// The dashboard shows the member's own figures: tiles counted from their rows, a card per booking with
// money in en-AU AUD and an accessible progress bar; a member without bookings sees an empty state.

// A member signing in for the first time is greeted 'Welcome' ('Welcome back' is for later sign-ins:
// firstVisit in dashboard.ts), and the summary tile counts the events /events lists.
test('a member with bookings sees their tiles and a card per booking', async ({ page }) => {
  const member = await createMember({ fullName: 'Rosalind Harker' });
  const upcoming = await arrangeEvent({
    title: 'Port Arthur Nights',
    start: '2030-02-12',
    end: '2030-02-16',
  });
  const past = await arrangeEvent({ title: 'Old Gaol Tour', start: '2020-03-01', end: '2020-03-03' });
  const cancelledTrip = await arrangeEvent({
    title: 'Cancelled Trip',
    start: '2031-01-01',
    end: '2031-01-02',
  });
  await arrangeBooking({
    userId: member.id,
    eventId: upcoming.id,
    totalCents: 240000,
    installments: [
      { due_date: '2029-06-01', amount_cents: 80000, paid_at: '2029-05-20T00:00:00Z' },
      { due_date: '2029-09-01', amount_cents: 80000 },
      { due_date: '2029-12-01', amount_cents: 80000 },
    ],
  });
  await arrangeBooking({ userId: member.id, eventId: past.id, totalCents: 100000 });
  await arrangeBooking({
    userId: member.id,
    eventId: cancelledTrip.id,
    totalCents: 50000,
    status: 'cancelled',
  });
  await adminClient().from('favorites').insert({ user_id: member.id, event_id: upcoming.id });
  // What /events lists: published events that start today or later in Sydney (decision 0026). The past
  // published trip above (and the seed's, all started) must not count.
  const upcomingNow = async () =>
    (
      await adminClient()
        .from('events')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'published')
        .gte('start_date', sydneyToday())
    ).count ?? 0;
  // Other tests publish events in parallel: the tile shows a count between the ones before and after.
  const upcomingBefore = await upcomingNow();

  await signInPage(page, member);
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { name: 'Welcome, Rosalind!' })).toBeVisible();
  await expect(page.locator('#main').getByText('VIP Member')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Member menu' }).getByRole('link', { name: 'Dashboard' }),
    'the member menu marks the page it is on',
  ).toHaveAttribute('aria-current', 'page');
  const tile = (key: string) => page.locator(`[data-tile="${key}"]`);
  await expect(tile('bookedEvents')).toContainText('Booked Events2');
  await expect(tile('completedEvents')).toContainText('Completed Events1');
  await expect(tile('favourites')).toContainText('Favourites1');
  await expect(tile('publishedEvents')).toContainText('All Events Community');
  const shown = Number(await tile('publishedEvents').locator('span').last().textContent());
  expect(shown).toBeGreaterThanOrEqual(upcomingBefore);
  expect(shown, 'the tile counts what /events lists, not past trips').toBeLessThanOrEqual(
    await upcomingNow(),
  );
  await expect(tile('favourites').getByRole('link')).toHaveAttribute('href', '/customer-favorites');
  await expect(tile('completedEvents').getByRole('link')).toHaveAttribute('href', '/completed-events');

  const card = page.getByRole('article', { name: 'Port Arthur Nights' });
  await expect(card).toContainText('12th February, 2030');
  await expect(card).toContainText('Confirmed');
  await expect(card).toContainText('Total$2,400.00');
  await expect(card).toContainText('Paid$800.00');
  await expect(card).toContainText('Remaining$1,600.00');
  const progress = card.getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuenow', '33');
  await expect(progress).toHaveAttribute('aria-valuetext', '33% paid: $800.00 of $2,400.00');
  const bookingLink = card.getByRole('link', { name: 'Manage Booking' });
  await expect(bookingLink).toHaveAttribute('href', /^\/manage-booking\?booking=[0-9a-f-]{36}$/);
  await expect(card.getByRole('link', { name: 'Payment Plan' })).toHaveAttribute(
    'href',
    /^\/manage-payment-plan\?booking=[0-9a-f-]{36}$/,
  );
  await expect(card.getByRole('link', { name: 'Event Updates' })).toHaveAttribute('href', '/event-updates');
  // Booking cards only: polls other tests open show on every member's dashboard too.
  const bookings = page.getByRole('region', { name: 'Your Bookings' });
  await expect(bookings.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('article', { name: 'Cancelled Trip' })).toContainText('Cancelled');
});

test('a member without bookings sees an empty state, not sample numbers', async ({ page }) => {
  const member = await createMember({ fullName: '' });
  await signInPage(page, member);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, User!' })).toBeVisible();
  await expect(page.getByText('You have no bookings yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See our upcoming trips' })).toHaveAttribute(
    'href',
    '/#adventures',
  );
  await expect(page.locator('[data-tile="bookedEvents"]')).toContainText('Booked Events0');
  await expect(page.locator('[data-tile="favourites"]')).toContainText('Favourites0');
  await expect(page.getByRole('region', { name: 'Your Bookings' }).getByRole('article')).toHaveCount(0);
});

test('the dashboard sends a visitor to the login page, with the way back in ?next', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`an overdue instalment shows on the card in words and colour (${theme} theme)`, async ({
    page,
    context,
  }) => {
    await useStoredTheme(context, theme);
    const member = await createMember({ fullName: 'Owen Overdue' });
    const trip = await arrangeEvent({ title: 'Overdue Odyssey', start: '2030-05-01', end: '2030-05-05' });
    await arrangeBooking({
      userId: member.id,
      eventId: trip.id,
      totalCents: 240000,
      installments: [
        { due_date: '2025-01-15', amount_cents: 80000, paid_at: '2025-01-10T00:00:00Z' },
        { due_date: '2025-03-01', amount_cents: 80000 },
        { due_date: '2025-06-01', amount_cents: 80000 },
      ],
    });
    const onTime = await arrangeEvent({ title: 'Punctual Passage', start: '2030-06-01', end: '2030-06-02' });
    await arrangeBooking({
      userId: member.id,
      eventId: onTime.id,
      totalCents: 100000,
      installments: [{ due_date: '2029-01-01', amount_cents: 100000 }],
    });
    await signInPage(page, member);
    await page.goto('/dashboard');

    const card = page.getByRole('article', { name: 'Overdue Odyssey' });
    await expect(card).toContainText('Confirmed');
    const overdue = card.getByText('Payment overdue', { exact: true });
    await expect(overdue).toBeVisible();
    // The amount and since when: both unpaid instalments, the first due on 1 March 2025.
    await expect(card).toContainText('$1,600.00 overdue since 1st March, 2025');
    // In colour: the theme's destructive token, not the status badge's usual colours.
    await expect(overdue).toHaveCSS('color', await colourOfClass(page, 'text-destructive'));
    // A booking paid on time says nothing about being overdue.
    await expect(page.getByRole('article', { name: 'Punctual Passage' })).not.toContainText('overdue');

    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page, page.getByRole('region', { name: 'Your Bookings' }))).toEqual([]);
  });
}

// Decision 0073: a pending booking shows its hold, the paid figures are the payments received, a transfer the
// member told us about shows as pending, and the card links to the three booking pages.
test('a pending booking shows its hold, and the card links to the booking pages', async ({ page }) => {
  const member = await createMember({ fullName: 'Lucy Westenra' });
  const event = await arrangeEvent({ title: 'Hampstead Heath Walk', start: '2030-09-01', end: '2030-09-02' });
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 120000,
    depositCents: 80000,
    status: 'pending',
    installments: [
      { due_date: '2030-01-01', amount_cents: 80000 },
      { due_date: '2030-06-03', amount_cents: 40000 },
    ],
  });
  const hold = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
  await adminClient().from('bookings').update({ hold_expires_at: hold }).eq('id', booking.id);
  await adminClient()
    .from('payment_notices')
    .insert({ booking_id: booking.id, amount_cents: 80000, paid_on: sydneyToday() });

  await signInPage(page, member);
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'Hampstead Heath Walk' });
  await expect(card).toContainText('Pending');
  await expect(card.getByTestId('booking-status-note')).toContainText('Your places are held until');
  await expect(card).toContainText('Paid$0.00');
  await expect(card.getByTestId('pending-payment')).toHaveText(
    'Pending: $800.00 you told us you paid, not yet confirmed.',
  );
  const query = `?booking=${booking.id}`;
  await expect(card.getByRole('link', { name: 'Manage Booking' })).toHaveAttribute(
    'href',
    `/manage-booking${query}`,
  );
  await expect(card.getByRole('link', { name: 'Payment Plan' })).toHaveAttribute(
    'href',
    `/manage-payment-plan${query}`,
  );
  await expect(card.getByRole('link', { name: 'Extra Payment' })).toHaveAttribute(
    'href',
    `/extra-payment${query}`,
  );
});
