/**
 * Events for the browser tests, dated relative to today (Sydney's date, as /events reads it) so the suite
 * passes next year too. Each gets a unique title and slug: parallel tests never share one.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { sydneyToday } from '../../src/lib/format/today';
import { adminClient } from './e2e-backend';
import { waitForAllIslands } from './islands';

export interface TestEvent {
  id: string;
  slug: string;
  title: string;
}

/** The date `days` after (or before, when negative) today in Sydney, as YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const date = new Date(`${sydneyToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A published event starting `startsIn` days from today, `nights` long. */
export async function createEvent({
  title = 'Test Event',
  startsIn = 30,
  nights = 3,
}: { title?: string; startsIn?: number; nights?: number } = {}): Promise<TestEvent> {
  const mark = randomUUID().slice(0, 8);
  const { data, error } = await adminClient()
    .from('events')
    .insert({
      slug: `test-event-${mark}`,
      title: `${title} ${mark}`,
      status: 'published',
      start_date: daysFromToday(startsIn),
      end_date: daysFromToday(startsIn + nights),
    })
    .select('id, slug, title')
    .single();
  if (error) throw new Error(`createEvent failed: ${error.message}`);
  return data as TestEvent;
}

/**
 * Opens /events and returns the card of the event titled `title` once its first comments are shown. The
 * card is scrolled to first: cards beyond the first few read their comments as they come near the screen.
 * `allComments`: then pages through the card's comments (three come first, issue 25) until all are shown,
 * for suites whose tests share an event and each look for their own comment after a reload.
 */
export async function openEventsCard(
  page: Page,
  title: string,
  { allComments = false }: { allComments?: boolean } = {},
): Promise<Locator> {
  await page.goto('/events');
  await waitForAllIslands(page);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Loading comments...')).toHaveCount(0);
  if (allComments) await showAllComments(card);
  return card;
}

/** Clicks “Show more comments” on `card` until every comment is shown. */
export async function showAllComments(card: Locator): Promise<void> {
  const more = card.getByRole('button', { name: 'Show more comments' });
  const shown = card.getByText(/^\d+ of \d+ comments shown$/);
  while ((await more.count()) > 0) {
    const before = await shown.textContent();
    await more.click();
    await expect(shown).not.toHaveText(before ?? '');
  }
}
