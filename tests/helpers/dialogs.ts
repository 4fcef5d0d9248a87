import { expect, type Locator, type Page } from '@playwright/test';
import { waitForIslandOf } from './islands';

// "Every dialog is keyboard-usable": it opens from the keyboard, takes focus, keeps Tab and Shift+Tab inside
// itself, closes on Escape and gives focus back to what opened it.

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

async function focusIsInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.contains(document.activeElement));
}

/** Opens the dialog from its trigger with the keyboard (Enter) and waits until it is shown. */
export async function openWithKeyboard(trigger: Locator, dialog: Locator): Promise<void> {
  await waitForIslandOf(trigger);
  await trigger.focus();
  await trigger.press('Enter');
  await expect(dialog).toBeVisible();
}

/** Tabs forwards and backwards past the ends of the dialog and checks focus never leaves it. */
export async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => focusIsInside(dialog), { message: 'focus moves into the open dialog' }).toBe(true);
  // A form island inside loads on intent; its fields become tabbable once it has hydrated (not inert).
  await expect(dialog.locator('astro-island[ssr], astro-island[inert]')).toHaveCount(0);
  const tabbables = await dialog.locator(TABBABLE).count();
  const presses = tabbables + 2;
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      expect(await focusIsInside(dialog), `focus stays in the dialog after ${i + 1} × ${key}`).toBe(true);
    }
  }
}

/** Escape closes the dialog and focus returns to the trigger. */
export async function expectEscapeCloses(page: Page, dialog: Locator, trigger: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

/** The whole contract in one call: open with Enter, focus trapped, Escape closes and restores focus. */
export async function expectKeyboardUsableDialog(
  page: Page,
  trigger: Locator,
  dialog: Locator,
): Promise<void> {
  await openWithKeyboard(trigger, dialog);
  await expectFocusTrapped(page, dialog);
  await expectEscapeCloses(page, dialog, trigger);
}
