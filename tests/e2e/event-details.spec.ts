import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { collectConsoleProblems } from '../helpers/console';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { gotoHydrated, waitForAllIslands } from '../helpers/islands';
import { arrangeEvent } from '../helpers/member-bookings';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// /event-details/{id or slug}: one static shell reached through public/_redirects; a deep link and a
// refresh both work; the event's facts, its trip's copy from Sanity, its community and its updates; links
// from /events and the trip page; a clear 'not found'.

/** A calendar date relative to today (UTC is close enough: tests stay weeks away from the edges). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function followWithUpdate(memberId: string, eventId: string, title: string): Promise<void> {
  const follow = await adminClient().from('event_follows').insert({ user_id: memberId, event_id: eventId });
  if (follow.error) throw new Error(follow.error.message);
  const update = await adminClient()
    .from('event_updates')
    .insert({ event_id: eventId, title, body: 'Meet at the gate at 7 pm.' });
  if (update.error) throw new Error(update.error.message);
}

test('a deep link by id and a refresh both show the event', async ({ page }) => {
  const event = await arrangeEvent({
    title: `Deep Link Abbey ${Date.now()}`,
    start: daysFromToday(60),
    end: daysFromToday(63),
  });
  const problems = collectConsoleProblems(page);
  for (const load of [() => gotoHydrated(page, `/event-details/${event.id}`), () => page.reload()]) {
    await load();
    await expect(page).toHaveURL(new RegExp(`/event-details/${event.id}$`));
    await expect(heading(page)).toHaveText(event.title);
    await expect(page.getByText('EOI Open')).toBeVisible();
    await expect(page.getByText('3 Nights')).toBeVisible();
    // A visitor: counts, no buttons, and the texts that ask to log in.
    await expect(page.getByText('Please log in to view and post comments')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
    await expect(page.getByText('Log in and follow this event to read its updates.')).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${event.title} \\|`));
  }
  expect(problems.list()).toEqual([]);
});

test('an unknown id, a draft or a malformed address says the event was not found', async ({ page }) => {
  const draft = await arrangeEvent({ title: 'Draft Dungeon', status: 'draft' });
  const problems = collectConsoleProblems(page);
  for (const ref of ['00000000-0000-4000-8000-000000000000', draft.id, 'no-such-trip', 'Not%20An%20Id']) {
    await gotoHydrated(page, `/event-details/${ref}`);
    await expect(heading(page)).toHaveText('Event not found');
    await expect(page.locator('main').getByRole('alert')).toContainText('We could not find that event');
    await expect(page.getByText('Draft Dungeon')).toHaveCount(0);
  }
  expect(problems.list()).toEqual([]);
});

test('the trip page links to each departure’s page, with the copy from Sanity', async ({ page }) => {
  await gotoHydrated(page, '/tours/tasmania-paranormal-getaway');
  await page
    .getByRole('list', { name: 'Departures on sale' })
    .getByRole('link', { name: 'Details and community' })
    .click();
  await expect(page).toHaveURL(/\/event-details\/tasmania-paranormal-getaway-\d{4}-02-12$/);
  await waitForAllIslands(page);
  await expect(heading(page)).toHaveText('Tasmania Paranormal Getaway');
  const about = page.getByRole('region', { name: 'About This Trip' });
  await expect(about).toContainText("Four nights among Tasmania's convict ruins");
  await expect(
    about.getByRole('listitem').filter({ hasText: 'Port Arthur ghost tour by lantern light' }),
  ).toBeVisible();
  await expect(about.getByRole('link', { name: /full trip page/ })).toHaveAttribute(
    'href',
    '/tours/tasmania-paranormal-getaway',
  );
});

test('each event on /events links to its page', async ({ page }) => {
  const event = await arrangeEvent({
    title: `Linked Lighthouse ${Date.now()}`,
    start: daysFromToday(30),
    end: daysFromToday(31),
  });
  await gotoHydrated(page, '/events');
  await page.getByRole('link', { name: event.title }).click();
  await expect(page).toHaveURL(new RegExp(`/event-details/${event.id}$`));
  await expect(heading(page)).toHaveText(event.title);
});

test('a member who follows the event reads its updates; one who does not reads none', async ({ browser }) => {
  const event = await arrangeEvent({ title: `Updated Asylum ${Date.now()}`, start: daysFromToday(90) });
  const follower = await createMember();
  const other = await createMember();
  await followWithUpdate(follower.id, event.id, 'Torches provided');

  const followerPage = await browser.newPage();
  await signInPage(followerPage, follower);
  await gotoHydrated(followerPage, `/event-details/${event.id}`);
  const updates = followerPage.getByRole('region', { name: 'Updates' });
  await expect(updates.getByRole('heading', { name: 'Torches provided' })).toBeVisible();
  await expect(updates).toContainText('Meet at the gate at 7 pm.');
  await expect(followerPage.getByRole('button', { name: /^Follow/ })).toHaveAttribute('aria-pressed', 'true');

  const otherPage = await browser.newPage();
  await signInPage(otherPage, other);
  await gotoHydrated(otherPage, `/event-details/${event.id}`);
  await expect(otherPage.getByRole('region', { name: 'Updates' })).toContainText('No updates for you yet.');
  await expect(otherPage.getByText('Torches provided')).toHaveCount(0);
  // Following opens the updates without a reload.
  await otherPage.getByRole('button', { name: /^Follow/ }).click();
  await expect(otherPage.getByText('Event followed!')).toBeVisible();
  await expect(otherPage.getByRole('heading', { name: 'Torches provided' })).toBeVisible();
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`axe finds nothing on an event's page (${theme} theme)`, async ({ context, page }) => {
    await useStoredTheme(context, theme);
    const member = await createMember();
    const event = await arrangeEvent({ title: `Audited Abbey ${theme}`, start: daysFromToday(45) });
    await followWithUpdate(member.id, event.id, `Route fixed ${theme}`);
    await signInPage(page, member);
    // One with an update and the member's comment form, one with a trip's copy from Sanity.
    for (const path of [`/event-details/${event.id}`, '/event-details/usa-paranormal-road-trip']) {
      await gotoHydrated(page, path);
      await expect(heading(page)).not.toHaveText('Event not found');
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      expect(await readTheme(page)).toBe(theme);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await expect(page.getByRole('region', { name: 'About This Trip' })).toBeVisible();
  });
}
