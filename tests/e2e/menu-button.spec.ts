import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { createMember, signInPage } from '../helpers/e2e-backend';
import { gotoHydrated } from '../helpers/islands';

// Below 768 px the round 'Menu' button floats at the bottom right of every page. Nothing scrolls out from
// under it at the end of a page, so each page keeps room there: scrolled to the end, no visible text or
// control lies under the button, and the button still opens the menu.

interface Covered {
  what: string;
  text: string;
}

function menuButton(page: Page) {
  return page.getByRole('button', { name: 'Menu', exact: true }).filter({ visible: true });
}

/** Scrolls to the very end and lists the visible text and controls whose box meets the menu button's. */
async function coveredAtTheEnd(page: Page): Promise<Covered[]> {
  // Scroll until the end stays the end (an island may still be adding content below).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 250));
        return Math.round(window.scrollY + window.innerHeight - document.documentElement.scrollHeight);
      }),
    )
    .toBeGreaterThanOrEqual(-1);
  return page.evaluate(() => {
    const button = [...document.querySelectorAll<HTMLElement>('button[data-dialog-open="site-menu"]')].find(
      (element) => element.checkVisibility(),
    );
    if (!button) throw new Error('no visible menu button');
    const b = button.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < b.right &&
      r.right > b.left &&
      r.top < b.bottom &&
      r.bottom > b.top;
    const visible = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest('dialog:not([open]), [popover]:not(:popover-open), [inert], .sr-only');
    const found: { what: string; text: string }[] = [];

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || button.contains(parent) || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(meets)) {
        found.push({ what: `text in <${parent.tagName.toLowerCase()}>`, text: text.slice(0, 60) });
      }
    }
    const controls = 'a[href], button, input, select, textarea, summary, [role="button"], [tabindex="0"]';
    for (const control of document.querySelectorAll<HTMLElement>(controls)) {
      if (control === button || !visible(control)) continue;
      if (meets(control.getBoundingClientRect())) {
        const label = control.getAttribute('aria-label') ?? control.textContent ?? '';
        found.push({ what: `<${control.tagName.toLowerCase()}>`, text: label.trim().slice(0, 60) });
      }
    }
    return found;
  });
}

async function expectNothingCoveredAndMenuOpens(page: Page): Promise<void> {
  expect(await coveredAtTheEnd(page), 'text or controls under the menu button at the end').toEqual([]);
  const trigger = menuButton(page);
  await trigger.click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
}

const PUBLIC_PAGES = ['/', '/tours/tasmania-paranormal-getaway', '/events', '/login', '/contact', '/privacy'];

for (const viewport of [
  { width: 375, height: 667 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_PAGES) {
      test(`the menu button covers nothing at the end of ${path}`, async ({ page }) => {
        await gotoHydrated(page, path);
        await expectNothingCoveredAndMenuOpens(page);
      });
    }

    test('the menu button covers nothing at the end of /dashboard', async ({ page }) => {
      await signInPage(page, await createMember({ fullName: 'Mina Murray' }));
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible({ timeout: 15_000 });
      await expectNothingCoveredAndMenuOpens(page);
    });

    test('the menu button covers nothing at the end of /admin', async ({ page }) => {
      await openAdminScreen(page, '/admin', 'Overview');
      await expectNothingCoveredAndMenuOpens(page);
    });
  });
}

// An open dialog makes the page behind it inert, but the button stayed drawn through the backdrop, floating
// over the dialog's own space (under a short dialog, beside a sheet): it is hidden while any dialog is open
// and back, with focus on it, when the menu closes.
test.describe('while a dialog is open', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the menu button is hidden and comes back when the dialog closes', async ({ page }) => {
    await gotoHydrated(page, '/tours/tasmania-paranormal-getaway');
    const trigger = menuButton(page);
    const openers = page
      .locator('[data-dialog-open]:not([data-dialog-open$="-menu"])')
      .filter({ visible: true });
    const count = await openers.count();
    expect(count, 'the trip page has dialogs to open').toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      const opener = openers.nth(i);
      const id = await opener.getAttribute('data-dialog-open');
      await opener.click();
      await expect(page.locator(`dialog#${id}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu', exact: true }), `with #${id} open`).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(page.locator(`dialog#${id}`)).toBeHidden();
      await expect(trigger).toBeVisible();
    }

    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(trigger).toBeVisible();
    await expect(trigger).toBeFocused();
  });
});
