import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { createMember, signInPage } from '../helpers/e2e-backend';
import { waitForAllIslands } from '../helpers/islands';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// Reactions and the follow button on /events (issue 9), against the local stack: what a member changes is
// what the server keeps (a reload shows it), and a follow is also a favourite.

const EVENT = 'Vietnam Battlefield Tour';
const card = (page: Page) => page.getByRole('listitem').filter({ hasText: EVENT });
const count = async (page: Page, label: string) =>
  Number(await card(page).getByRole('button', { name: label }).getByText(/^\d+$/).textContent());

test('a member toggles a reaction and a follow; both survive a reload and the follow is a favourite', async ({
  page,
}) => {
  await signInPage(page, await createMember());
  const reads: string[] = [];
  page.on('request', (request) => {
    const table = /\/rest\/v1\/(\w+)/.exec(request.url())?.[1];
    // The session store reads the profile; the page's own reads are these.
    if (table && table !== 'profiles' && request.method() === 'GET') reads.push(table);
  });
  await page.goto('/events');
  const haunted = card(page).getByRole('button', { name: /^Haunted/ });
  const follow = card(page).getByRole('button', { name: /^Follow/ });
  await expect(haunted).toHaveAttribute('aria-pressed', 'false');
  await expect(follow).toBeEnabled();
  const before = await count(page, 'Haunted');
  // Few requests, for all cards together: the events, the counts, the member's reactions and follows, the
  // comments with their replies and the authors' names. Never one per event.
  expect(reads.sort()).toEqual([
    'comments',
    'event_follows',
    'event_reaction_counts',
    'events',
    'public_profiles',
    'reactions',
  ]);

  await haunted.click();
  await expect(haunted).toHaveAttribute('aria-pressed', 'true');
  await expect(haunted).toContainText(String(before + 1));
  await follow.click();
  await expect(page.getByText('Event followed!')).toBeVisible();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(haunted).toHaveAttribute('aria-pressed', 'true');
  await expect(haunted).toContainText(String(before + 1));
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/customer-favorites');
  await expect(page.getByText(EVENT)).toBeVisible();

  await page.goto('/events');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await follow.click();
  await expect(page.getByText('Event unfollowed')).toBeVisible();
  await haunted.click();
  await expect(haunted).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect(haunted).toHaveAttribute('aria-pressed', 'false');
  await expect(haunted).toContainText(String(before));
  await page.goto('/customer-favorites');
  await expect(page.getByText('You have no favourite events yet.')).toBeVisible();
});

test('a visitor sees the counts but no reaction or follow buttons', async ({ page }) => {
  await page.goto('/events');
  const reactions = card(page).getByRole('list', { name: `Reactions to ${EVENT}` });
  await expect(reactions.getByRole('listitem')).toHaveCount(5);
  await expect(reactions).toContainText('Love this!');
  await expect(reactions).toContainText("Can't wait!");
  await expect(page.getByRole('button', { name: /^Love this!/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`axe finds no violations on /events signed in, ${theme} theme`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    await signInPage(page, await createMember());
    await page.goto('/events');
    await waitForAllIslands(page);
    await expect(card(page).getByRole('button', { name: /^Follow/ })).toBeEnabled();
    await expect(card(page).getByRole('button', { name: /^Haunted/ })).toBeEnabled();
    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page)).toEqual([]);
  });
}
