import { expect, test } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { createMember, signInPage } from '../helpers/e2e-backend';
import { waitForIslandOf } from '../helpers/islands';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// Sign-out in one tab signs out the others; axe on the auth pages in both themes.

test('signing out in one tab signs out every open tab, without a reload', async ({ context }) => {
  const member = await createMember({ fullName: 'Two Tabs' });
  const first = await context.newPage();
  await signInPage(first, member);
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/terms');
  for (const page of [first, second])
    await expect(page.getByRole('button', { name: 'Two Tabs' })).toBeVisible();

  await first.getByRole('button', { name: 'Two Tabs' }).click();
  await first.locator('#user-menu').getByRole('button', { name: 'Sign Out' }).click();
  await expect(first.getByRole('link', { name: 'Login' }).filter({ visible: true }).first()).toBeVisible();
  await expect(second.getByRole('button', { name: 'Two Tabs' })).toBeHidden();
  await expect(second.getByRole('link', { name: 'Login' }).filter({ visible: true }).first()).toBeVisible();
  // The side menu follows too: Login and Register instead of Dashboard and Sign Out.
  const sideMenu = second.locator('#site-menu');
  await expect(sideMenu.locator('[data-when-signed-in]').first()).toHaveJSProperty('hidden', true);
  await expect(sideMenu.locator('[data-when-signed-out]').first()).toHaveJSProperty('hidden', false);
});

for (const theme of ['dark', 'light'] satisfies Theme[]) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await useStoredTheme(context, theme);
    });

    test('axe: /login on both tabs, with errors shown', async ({ page }) => {
      await page.goto('/login');
      const form = page.getByRole('form', { name: 'Login' });
      await waitForIslandOf(form);
      expect(await readTheme(page)).toBe(theme);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await expect(form.getByText('Please enter your password.')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Register' }).click();
      expect(await axeViolations(page)).toEqual([]);
    });

    test('axe: /reset-password', async ({ page }) => {
      await page.goto('/reset-password');
      await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    for (const admin of [true, false]) {
      test(`axe: /admin ${admin ? 'for an admin' : 'turning a member away'}`, async ({ page }) => {
        await signInPage(page, await createMember({ admin }));
        await page.goto('/admin');
        await expect(
          page.getByRole('heading', admin ? { name: 'Overview', level: 2 } : { name: 'Admins only' }),
        ).toBeVisible();
        expect(await readTheme(page)).toBe(theme);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
