import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { createEvent, openEventsCard } from '../helpers/events';
import { withoutLiveUpdates } from '../helpers/live';

// Toasts stay outside dialogs (decision 0046): the region is a manual popover in the top layer, raised above
// each modal dialog, so it is seen over the dialog's backdrop and outlives a dialog removed while open; the
// open dialog announces each toast (ariaNotify), since a modal makes everything outside it inert.

/** A member's /events card with someone else's comment on it, and its 'Report' dialog open. */
async function reportDialog(page: Page): Promise<{ dialog: Locator; report: Locator }> {
  const event = await createEvent({ title: 'Toast Trip' });
  const author = await createMember({ fullName: 'Tess Talker' });
  const { error } = await adminClient()
    .from('comments')
    .insert({ event_id: event.id, user_id: author.id, content: 'Anyone for toast?' });
  if (error) throw new Error(error.message);
  await signInPage(page, await createMember());
  // The card is scrolled to: cards far from the screen render their comments once they come near.
  const card = await openEventsCard(page, event.title);
  const report = card.getByRole('button', { name: 'Report comment by Tess Talker' });
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Report this comment' });
  await expect(dialog).toBeVisible();
  return { dialog, report };
}

/** The toast's inside (clear of its rounded corners), as pixels on the screen. */
async function pixelsOf(page: Page, toast: Locator): Promise<Buffer> {
  const box = await toast.boundingBox();
  if (!box) throw new Error('the toast has no box');
  return page.screenshot({
    clip: { x: box.x + 12, y: box.y + 12, width: box.width - 24, height: box.height - 24 },
  });
}

test.beforeEach(async ({ page }) => {
  await withoutLiveUpdates(page);
  // What the open dialog announces, recorded (no screen reader here).
  await page.addInitScript(() => {
    const said: string[] = [];
    Object.assign(window, { ariaNotified: said });
    type Notify = (this: Element, text: string, options?: object) => void;
    const proto = Element.prototype as unknown as { ariaNotify?: Notify };
    const original = proto.ariaNotify;
    proto.ariaNotify = function (text, options) {
      said.push(`${this.tagName.toLowerCase()}: ${text}`);
      original?.call(this, text, options);
    };
  });
  // Reports fail, so the dialog stays open with its failure toast.
  await page.route(/\/rest\/v1\/comment_flags/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
});

test('a toast shown from a modal dialog sits above it, outside it, and is announced by it', async ({
  page,
}) => {
  const { dialog } = await reportDialog(page);
  await dialog.getByRole('button', { name: 'Report' }).click();
  const toaster = page.locator('#toaster');
  const toast = toaster.getByRole('alert').locator('> div').filter({ hasText: 'Failed to report comment' });
  await expect(toast).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page.locator('dialog #toaster'), 'the region stays outside the dialog').toHaveCount(0);
  expect(await toaster.evaluate((region) => region.matches(':popover-open'))).toBe(true);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { ariaNotified: string[] }).ariaNotified))
    .toEqual(['dialog: Failed to report comment. Please try again.']);

  // Above the dialog's darkened backdrop: the toast looks the same with the dialog open and closed.
  const over = await pixelsOf(page, toast);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toast).toBeVisible();
  expect(await pixelsOf(page, toast)).toEqual(over);
});

test('a dialog removed while open leaves its toast on the page', async ({ page }) => {
  const { dialog } = await reportDialog(page);
  await dialog.getByRole('button', { name: 'Report' }).click();
  const toast = page.locator('#toaster').getByText('Failed to report comment');
  await expect(toast).toBeVisible();
  // As when a screen unmounts (a route change, a row gone) while its dialog is still open.
  await page.evaluate(() => document.querySelector('dialog[open]')?.remove());
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(toast).toBeVisible();
  // No longer inert: the member can dismiss it.
  await page.locator('#toaster').getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
});
