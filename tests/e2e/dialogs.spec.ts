import { expect, test, type Page } from '@playwright/test';
import {
  expectEscapeCloses,
  expectFocusTrapped,
  expectKeyboardUsableDialog,
  openWithKeyboard,
} from '../helpers/dialogs';
import { gotoHydrated } from '../helpers/islands';

// Every dialog on the landing page opens from the keyboard, traps focus and closes on Escape.

const TASMANIA = 'Tasmania Paranormal Getaway';
const VIETNAM = 'Vietnam Battlefield Tour';
const USA = 'USA Paranormal Road Trip';

// The spec's list of VIP benefits.
const VIP_BENEFITS = [
  /react to events/i,
  /comment on adventures/i,
  /early booking access/i,
  /exclusive member events/i,
  /member dashboard access/i,
  /merchandise discounts/i,
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function tripCard(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** The open dialog whose name mentions both the trip and what it is for (e.g. "Waitlist"). */
function tripDialog(page: Page, title: string, purpose: RegExp) {
  return page.getByRole('dialog', { name: new RegExp(escapeRegExp(title)) }).filter({
    has: page.getByRole('heading', { name: purpose }),
  });
}

test.beforeEach(async ({ page }) => {
  await gotoHydrated(page, '/');
});

test('the VIP dialog; its Join … Community button opens the registration overlay', async ({ page }) => {
  const trigger = page.getByRole('button', { name: 'Join Our Community' });
  const vip = page.getByRole('dialog', { name: /VIP/ });
  await expectKeyboardUsableDialog(page, trigger, vip);

  await openWithKeyboard(trigger, vip);
  for (const benefit of VIP_BENEFITS)
    await expect(vip.getByText(benefit, { exact: false }).first()).toBeVisible();
  await vip.getByRole('button', { name: /^Join .+ Community$/ }).click();
  await expect(vip).toBeHidden();
  const register = page.getByRole('dialog', { name: /^Access the .+ Portal$/ });
  await expect(register).toBeVisible();
  await expect(register.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
  await expectFocusTrapped(page, register);
  await page.keyboard.press('Escape');
  await expect(register).toBeHidden();
});

test('Learn More on Tasmania and Vietnam', async ({ page }) => {
  for (const title of [TASMANIA, VIETNAM]) {
    const trigger = tripCard(page, title).getByRole('button', { name: 'Learn More' });
    await expectKeyboardUsableDialog(page, trigger, tripDialog(page, title, /./));
  }
});

test('View Locations lists the twelve USA sites', async ({ page }) => {
  const trigger = tripCard(page, USA).getByRole('button', { name: 'View Locations' });
  const dialog = tripDialog(page, USA, /Locations/);
  await openWithKeyboard(trigger, dialog);
  await expect(dialog.getByRole('listitem')).toHaveCount(12);
  await expectFocusTrapped(page, dialog);
  await expectEscapeCloses(page, dialog, trigger);
});

test('Join Waitlist on every trip', async ({ page }) => {
  for (const title of [TASMANIA, VIETNAM, USA]) {
    const trigger = tripCard(page, title).getByRole('button', { name: 'Join Waitlist' });
    const dialog = tripDialog(page, title, /Waitlist/);
    await expectKeyboardUsableDialog(page, trigger, dialog);
  }
});

test('the interest dialogs for Tasmania and USA', async ({ page }) => {
  for (const title of [TASMANIA, USA]) {
    const trigger = tripCard(page, title).getByRole('button', { name: /Interest/ });
    const dialog = tripDialog(page, title, /Interest/);
    await expectKeyboardUsableDialog(page, trigger, dialog);
  }
});

test('the cart sheet shows an empty cart', async ({ page }) => {
  const trigger = page.getByRole('banner').getByRole('button', { name: /cart/i });
  const sheet = page.getByRole('dialog', { name: 'Cart' });
  await expect(trigger, 'the count is a placeholder 0').toHaveAccessibleName(/\b0\b/);
  await openWithKeyboard(trigger, sheet);
  await expect(sheet.getByText('Your cart is empty')).toBeVisible();
  await expectFocusTrapped(page, sheet);
  await expectEscapeCloses(page, sheet, trigger);
});
