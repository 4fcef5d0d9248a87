import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

// axe with every rule it runs by default (best practices included), and a walk through a page's dialogs:
// a closed dialog is not rendered, so axe only sees inside it while it is open.

const SCOPE_ATTRIBUTE = 'data-axe-scope';

/**
 * axe's violations on the page as it is now, one readable entry per rule with the offending nodes.
 * With `within`, only that element is scanned (the rest of the page is scanned by its own test).
 */
export async function axeViolations(page: Page, within?: Locator): Promise<string[]> {
  // Legacy mode runs axe inside the page itself. The default finishes each run in a new blank page, and
  // with Chromium 156.0.8078.108 that step never returned (page.evaluate hit the test's time limit).
  // Only violations are read: axe then reports one node per passing rule instead of every one (the same
  // rules run, in a fraction of the time on a long page).
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (within) {
    await within.evaluate((element, attribute) => element.setAttribute(attribute, ''), SCOPE_ATTRIBUTE);
    builder.include(`[${SCOPE_ATTRIBUTE}]`);
  }
  const results = await builder.analyze();
  if (within)
    await within.evaluate((element, attribute) => element.removeAttribute(attribute), SCOPE_ATTRIBUTE);
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
}

/** A control that says it opens a dialog, visible right now. */
function dialogTriggers(scope: Locator) {
  return scope.locator('[aria-haspopup="dialog"]').filter({ visible: true });
}

async function closeAllDialogs(page: Page): Promise<void> {
  for (let tries = 0; tries < 5 && (await page.getByRole('dialog').count()) > 0; tries += 1) {
    await page.keyboard.press('Escape');
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Clicks a trigger and returns the dialog that is open afterwards, with a name to report it by. */
async function open(page: Page, trigger: Locator): Promise<{ dialog: Locator; name: string }> {
  await trigger.scrollIntoViewIfNeeded();
  await trigger.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveCount(1);
  const labelledBy = await dialog.getAttribute('aria-labelledby');
  const name = labelledBy ? ((await page.locator(`[id="${labelledBy}"]`).textContent()) ?? '') : '';
  return { dialog, name: name.trim() || 'unnamed dialog' };
}

/**
 * Opens every dialog reachable from the page's visible triggers, and from triggers inside those dialogs
 * (one level), scanning each one while it is open. Returns the dialogs scanned and any violations.
 */
export async function scanDialogs(page: Page): Promise<{ dialogs: string[]; violations: string[] }> {
  const dialogs: string[] = [];
  const violations: string[] = [];
  const scan = async (name: string) => {
    dialogs.push(name);
    // A form loads when its dialog opens (client:intent): scan it once it is there, not while inert.
    await expect(page.getByRole('dialog').locator('astro-island[ssr], astro-island[inert]')).toHaveCount(0);
    const found = await axeViolations(page, page.getByRole('dialog'));
    violations.push(...found.map((violation) => `[${name}] ${violation}`));
  };
  const topCount = await dialogTriggers(page.locator('body')).count();
  for (let top = 0; top < topCount; top += 1) {
    const outer = await open(page, dialogTriggers(page.locator('body')).nth(top));
    await scan(outer.name);
    const innerCount = await dialogTriggers(outer.dialog).count();
    for (let inner = 0; inner < innerCount; inner += 1) {
      if (inner > 0) await open(page, dialogTriggers(page.locator('body')).nth(top));
      const chained = await open(page, dialogTriggers(page.getByRole('dialog')).nth(inner));
      await scan(`${outer.name} → ${chained.name}`);
      await closeAllDialogs(page);
    }
    await closeAllDialogs(page);
  }
  return { dialogs, violations };
}
