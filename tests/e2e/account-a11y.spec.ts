import { expect, test } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { createMember, signInPage } from '../helpers/e2e-backend';
import { gotoHydrated } from '../helpers/islands';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// axe on the account pages, signed in, in both themes, with their content loaded (and the delete dialog
// open, since a closed dialog is not rendered).

const THEMES: Theme[] = ['dark', 'light'];

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await useStoredTheme(context, theme);
    });

    test('axe finds no violations on /personal-details', async ({ page }) => {
      await signInPage(page, await createMember());
      await gotoHydrated(page, '/personal-details');
      await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Test Member');
      expect(await readTheme(page)).toBe(theme);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('axe finds no violations on /settings and inside its delete dialog', async ({ page }) => {
      await signInPage(page, await createMember());
      await gotoHydrated(page, '/settings');
      await expect(page.getByRole('checkbox', { name: /news about upcoming trips/ })).toBeVisible();
      expect(await readTheme(page)).toBe(theme);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      expect(await axeViolations(page, dialog)).toEqual([]);
    });

    test('axe finds no violations on /customer/{id}', async ({ page }) => {
      // The member's own profile: others see it only once they have posted (decision 0058).
      const shown = await createMember({ fullName: 'Axel Profile' });
      await signInPage(page, shown);
      await gotoHydrated(page, `/customer/${shown.id}`);
      await expect(page.getByRole('heading', { name: 'Axel Profile' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
