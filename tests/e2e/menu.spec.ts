import { expect, test, type Page } from '@playwright/test';
import { expectEscapeCloses, expectFocusTrapped, openWithKeyboard } from '../helpers/dialogs';
import { gotoHydrated } from '../helpers/islands';

// The side menu: below 768 px a bottom drawer (80vh) opened by a fixed button; from 768 px a left rail with
// the vertical labels 'INFO' and 'SOCIAL MEDIA' and a slide-out sheet.

const SIGNED_OUT_LINKS = ['Home', 'Events', 'Store', 'Contact', 'Login', 'Register'];

function menuButton(page: Page) {
  return page.getByRole('button', { name: /menu/i }).filter({ visible: true });
}

function menuDialog(page: Page) {
  return page.getByRole('dialog', { name: /menu/i });
}

async function expectSignedOutLinks(page: Page) {
  const dialog = menuDialog(page);
  for (const name of SIGNED_OUT_LINKS) {
    await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
  }
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a fixed button opens the menu as a bottom drawer 80vh tall', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByText('INFO', { exact: true })).toBeHidden();
    const trigger = menuButton(page);
    await expect(trigger).toHaveCount(1);
    expect(await trigger.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');

    const drawer = menuDialog(page);
    await openWithKeyboard(trigger, drawer);
    await expectSignedOutLinks(page);
    // Wait for the slide-in to finish before measuring.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? Math.round(box.y + box.height) : null;
      })
      .toBe(812);
    const box = await drawer.boundingBox();
    expect(box?.height).toBeCloseTo(812 * 0.8, 0);
    expect(box?.width).toBeCloseTo(375, 0);

    await expectFocusTrapped(page, drawer);
    await expectEscapeCloses(page, drawer, trigger);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a left rail with INFO and SOCIAL MEDIA opens the menu as a slide-out sheet', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByText('INFO', { exact: true })).toBeVisible();
    await expect(page.getByText('SOCIAL MEDIA', { exact: true })).toBeVisible();

    const trigger = menuButton(page);
    await expect(trigger).toHaveCount(1);
    const railBox = await trigger.boundingBox();
    expect(railBox?.x ?? Infinity, 'the rail sits at the left edge').toBeLessThan(100);

    const sheet = menuDialog(page);
    await openWithKeyboard(trigger, sheet);
    await expectSignedOutLinks(page);
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box ? Math.round(box.x) : null;
      })
      .toBeLessThan(100);
    const box = await sheet.boundingBox();
    expect(box?.height).toBeCloseTo(800, 0);

    await expectFocusTrapped(page, sheet);
    await expectEscapeCloses(page, sheet, trigger);
  });
});
