import { expect, test } from '@playwright/test';
import { axeViolations, scanDialogs } from '../helpers/axe';
import { waitForAllIslands } from '../helpers/islands';
import { MISSING_PATH, sitemapPaths } from '../helpers/sitemap';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// axe (all rules it runs by default, best practices included) on every static page, in both themes.
// The theme is set the way a returning visitor has it, through local storage, before the page loads.
// A closed dialog is not rendered, so axe cannot see inside it: the landing page's dialogs are scanned
// open, one by one, including dialogs opened from inside another (VIP → registration).

const THEMES: Theme[] = ['dark', 'light'];
const PAGES = [...sitemapPaths(), MISSING_PATH];

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await useStoredTheme(context, theme);
    });

    for (const path of PAGES) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForAllIslands(page);
        expect(await readTheme(page)).toBe(theme);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test('axe finds no violations inside any landing page dialog', async ({ page }) => {
      test.slow();
      await page.goto('/');
      await waitForAllIslands(page);
      const scanned = await scanDialogs(page);
      expect(scanned.violations).toEqual([]);
      expect(scanned.dialogs.length, 'dialogs scanned').toBeGreaterThanOrEqual(10);
    });

    test('axe finds no violations on the landing page at 375 px', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/');
      await waitForAllIslands(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
