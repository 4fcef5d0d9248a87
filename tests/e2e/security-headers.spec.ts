import { expect, test, type Page } from '@playwright/test';
import { collectConsoleProblems } from '../helpers/console';
import { waitForAllIslands } from '../helpers/islands';
import { MISSING_PATH, sitemapPaths } from '../helpers/sitemap';

// Every page arrives with the security headers of dist/_headers, and nothing it runs breaks its
// Content-Security-Policy: not on load, not while every dialog opens and closes, not when the theme flips.
// Chromium reports each blocked script, style, image or connection as a `securitypolicyviolation` event
// (recorded from before the first script runs) and as a console error.

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const violations: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
}

function readViolations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
}

/** Opens and closes every dialog and popover the page offers, then flips the theme there and back. */
async function useEveryControl(page: Page): Promise<void> {
  const dialogTriggers = page.locator('button[data-dialog-open]:visible');
  for (let i = 0; i < (await dialogTriggers.count()); i += 1) {
    const trigger = dialogTriggers.nth(i);
    const id = await trigger.getAttribute('data-dialog-open');
    const dialog = page.locator(`dialog[id="${id}"]`);
    await trigger.scrollIntoViewIfNeeded();
    await trigger.click();
    await expect(dialog, `dialog #${id} opens`).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog, `dialog #${id} closes`).toBeHidden();
  }
  const popoverTriggers = page.locator('button[popovertarget]:visible');
  for (let i = 0; i < (await popoverTriggers.count()); i += 1) {
    const trigger = popoverTriggers.nth(i);
    await trigger.click();
    await page.keyboard.press('Escape');
  }
  const themeToggle = page.getByRole('banner').locator('[data-theme-toggle]:visible').first();
  for (let i = 0; i < 2; i += 1) {
    const before = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await themeToggle.click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(!before);
  }
}

for (const path of [...sitemapPaths(), MISSING_PATH]) {
  test(`security headers and no CSP violation on ${path}`, async ({ page, baseURL }) => {
    // The landing page has a dozen dialogs to open and close; two shared cores make that slow.
    test.slow();
    const missingUrl = new URL(MISSING_PATH, baseURL).href;
    const problems = collectConsoleProblems(page, [missingUrl]);
    await recordViolations(page);
    const response = await page.goto(path);
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');

    await waitForAllIslands(page);
    await useEveryControl(page);
    expect(await readViolations(page)).toEqual([]);
    expect(problems.list()).toEqual([]);
  });
}

test('the CSP blocks an inline script the build did not emit', async ({ page }) => {
  // Proves the check above can fail: a script injected into the document is refused and reported.
  await recordViolations(page);
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
  });
  await expect
    .poll(() => readViolations(page))
    .toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
});
