import { expect, type Locator, type Page } from '@playwright/test';

// Astro renders an island as <astro-island ssr ...> and removes the `ssr` attribute once it has hydrated.
// Clicking before that would hit inert server-rendered markup, so tests wait for it first.

/** Waits until the island that contains `target` (if any) has hydrated. */
export async function waitForIslandOf(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect
    .poll(() => target.evaluate((element) => element.closest('astro-island')?.hasAttribute('ssr') ?? false), {
      message: 'island to hydrate',
    })
    .toBe(false);
}

/** Scrolls the whole page (so `client:visible` islands wake up) and waits until every island has hydrated. */
export async function waitForAllIslands(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
    window.scrollTo(0, 0);
  });
  await expect(page.locator('astro-island[ssr]'), 'every island to hydrate').toHaveCount(0, {
    timeout: 10_000,
  });
}

/** Opens a path and waits for its islands, the normal way for a test to start on a page. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForAllIslands(page);
}
