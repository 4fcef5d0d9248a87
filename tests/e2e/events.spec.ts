import { expect, test } from '@playwright/test';
import { createMember, signInPage } from '../helpers/e2e-backend';

// The events page reads the published events from the local stack the browser tests run beside.

test('a visitor sees the published events, soonest first, and a way back home', async ({ page }) => {
  await page.goto('/events');
  const titles = page.getByRole('listitem').getByRole('heading', { level: 2 });
  await expect(titles.first()).toBeVisible();
  // Other tests publish events of their own on the shared stack: the seed's three come in date order.
  const seeded = ['Tasmania Paranormal Getaway', 'Vietnam Battlefield Tour', 'USA Paranormal Road Trip'];
  const shown = (await titles.allTextContents()).filter((title) => seeded.includes(title));
  expect(shown).toEqual(seeded);
  // The seed's completed event is not published, so it is not listed.
  await expect(page.getByText('Port Arthur Ghost Night')).toHaveCount(0);
  const tasmania = page.getByRole('listitem').filter({ hasText: 'Tasmania Paranormal Getaway' });
  await expect(tasmania).toContainText('EOI Open');
  await expect(tasmania).toContainText('12th February, 2026');
  await expect(tasmania).toContainText('4 Nights');
  await expect(page.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/');
});

test("a member's back link leads to the dashboard", async ({ page }) => {
  await signInPage(page, await createMember());
  await page.goto('/events');
  await expect(page.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/dashboard');
});
