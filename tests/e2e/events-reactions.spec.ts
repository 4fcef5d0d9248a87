import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { createMember, signInPage } from '../helpers/e2e-backend';
import { createEvent, type TestEvent } from '../helpers/events';
import { pointAtThePage, waitForAllIslands } from '../helpers/islands';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// Reactions and the follow button on /events (issue 9), against the local stack: what a member changes is
// what the server keeps (a reload shows it), and a follow is also a favourite.

let event: TestEvent;
test.beforeAll(async () => {
  event = await createEvent({ title: 'Reactions Trip' });
});

const card = (page: Page) => page.getByRole('listitem').filter({ hasText: event.title });
const count = async (page: Page, label: string) =>
  Number(await card(page).getByRole('button', { name: label }).getByText(/^\d+$/).textContent());

/**
 * What the page reads from Supabase: each read's table and what it embeds, once per distinct request. A
 * live change from another test re-reads only the events it concerns (decision 0070), by id: such a read
 * that leaves out this test's event is not this page's doing and is left out; any other read counts.
 */
function recordReads(page: Page): () => string[] {
  const reads = new Map<string, string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const table = /\/rest\/v1\/(\w+)/.exec(url.pathname)?.[1];
    // The session store reads the profile; the page's own reads are these.
    if (!table || table === 'profiles' || request.method() !== 'GET') return;
    const ids = url.searchParams.get('id');
    if (ids?.startsWith('in.') && !ids.includes(event.id)) return;
    const embeds = [...(url.searchParams.get('select') ?? '').matchAll(/(\w+)(?:!\w+)?\(/g)].map((m) => m[1]);
    reads.set(url.href, `${table}(${[...new Set(embeds)].join(',')})`);
  });
  return () => [...reads.values()];
}

test('a member toggles a reaction and a follow; both survive a reload and the follow is a favourite', async ({
  page,
}) => {
  await signInPage(page, await createMember());
  const reads = recordReads(page);
  await page.goto('/events');
  const haunted = card(page).getByRole('button', { name: /^Haunted/ });
  const follow = card(page).getByRole('button', { name: /^Follow/ });
  await expect(haunted).toHaveAttribute('aria-pressed', 'false');
  await expect(follow).toBeEnabled();
  await card(page).scrollIntoViewIfNeeded();
  await expect(card(page).getByText('No comments yet. Be the first to comment.')).toBeVisible();
  const before = await count(page, 'Haunted');
  // At most three reads for everything the page shows, whatever the number of events and comments (issues
  // 9, 25), never one per event: the events with their reaction counts and the member's own reactions and
  // follow; the first events' first comments (each with its first replies, authors and hearts) and totals
  // (the kept counts, decision 0070); and, when this card is not among those first events, the comments of
  // the cards near it once it is on screen.
  expect([...new Set(reads())].sort()).toEqual([
    'events(event_comment_counts,comment_threads)',
    'events(event_reaction_counts,my_reactions,event_follows)',
  ]);
  expect(reads().length).toBeLessThanOrEqual(3);

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
  await expect(page.getByText(event.title)).toBeVisible();

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
  const reads = recordReads(page);
  await page.goto('/events');
  await pointAtThePage(page);
  await expect(page.locator('[data-events-built]')).toHaveCount(0);
  const reactions = card(page).getByRole('list', { name: `Reactions to ${event.title}` });
  await expect(reactions.getByRole('listitem')).toHaveCount(5);
  // One read: the events with their counts (no comments for visitors, nothing of their own).
  expect(reads()).toEqual(['events(event_reaction_counts)']);
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
