import { expect, test } from '@playwright/test';
import { formatOrdinalDate } from '../../src/lib/format/date-words';
import { createMember, signInPage } from '../helpers/e2e-backend';
import { createEvent, daysFromToday } from '../helpers/events';
import { pointAtThePage } from '../helpers/islands';

// The events page reads the published events from the local stack the browser tests run beside. Time is
// real: only events starting today or later (Sydney's date) are upcoming.

test('a visitor sees the upcoming events, soonest first, and a way back home', async ({ page }) => {
  const later = await createEvent({ title: 'Later Trip', startsIn: 9, nights: 4 });
  const today = await createEvent({ title: 'Today Trip', startsIn: 0 });
  const started = await createEvent({ title: 'Started Trip', startsIn: -1 });
  await page.goto('/events');
  // Events made after the build: the live list brings them once the visitor uses the page.
  await pointAtThePage(page);
  const titles = page.getByRole('listitem').getByRole('heading', { level: 2 });
  await expect(titles.filter({ hasText: later.title })).toBeVisible();
  // Other tests publish events of their own on the shared stack: these two come in date order.
  const shown = (await titles.allTextContents()).filter((title) =>
    [later.title, today.title].includes(title),
  );
  expect(shown).toEqual([today.title, later.title]);
  // An event that started yesterday is no longer upcoming; nor is a completed one from the seed.
  await expect(page.getByText(started.title)).toHaveCount(0);
  await expect(page.getByText('Port Arthur Ghost Night')).toHaveCount(0);
  const card = page.getByRole('listitem').filter({ hasText: later.title });
  await expect(card).toContainText('EOI Open');
  await expect(card).toContainText(formatOrdinalDate(daysFromToday(9)));
  await expect(card).toContainText('4 Nights');
  await expect(page.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/');
});

test("a member's back link leads to the dashboard", async ({ page }) => {
  await signInPage(page, await createMember());
  await page.goto('/events');
  await expect(page.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/dashboard');
});
