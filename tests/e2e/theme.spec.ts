import { expect, test, type Page } from '@playwright/test';
import { waitForIslandOf } from '../helpers/islands';
import { readFirstPaintRecord, readTheme, recordThemeAtFirstPaint, type Theme } from '../helpers/theme';

// Dark by default, the choice kept in local storage, and never a flash of the other theme: the recorder
// notes the theme <html> shows at the first animation frame and through the whole load.

function themeToggle(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /theme|light mode|dark mode/i });
}

async function expectNoFlash(page: Page, theme: Theme) {
  const record = await readFirstPaintRecord(page);
  expect(record.atFirstFrame, 'theme at the first frame').toBe(theme);
  expect(record.atDomContentLoaded, 'theme at DOMContentLoaded').toBe(theme);
  expect(record.whileLoading, 'themes shown while loading').toEqual([theme]);
}

test('a first visit is dark from the first paint', async ({ page }) => {
  await recordThemeAtFirstPaint(page);
  await page.goto('/');
  await expectNoFlash(page, 'dark');
});

test('the toggle switches theme, and the choice survives reloads without a flash', async ({ page }) => {
  await recordThemeAtFirstPaint(page);
  await page.goto('/');
  const toggle = themeToggle(page);
  await waitForIslandOf(toggle);

  await toggle.click();
  expect(await readTheme(page)).toBe('light');

  await page.reload();
  await expectNoFlash(page, 'light');

  // Another page of the site starts light too.
  await page.goto('/terms');
  await expectNoFlash(page, 'light');

  const toggleAgain = themeToggle(page);
  await waitForIslandOf(toggleAgain);
  await toggleAgain.click();
  expect(await readTheme(page)).toBe('dark');
  await page.reload();
  await expectNoFlash(page, 'dark');
});
