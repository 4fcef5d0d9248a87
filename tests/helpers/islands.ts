import { expect, type Locator, type Page } from '@playwright/test';

// Astro renders an island as <astro-island ssr ...> and removes the `ssr` attribute once it has hydrated;
// a `client:intent` island is also `inert` until its React tree has mounted. Clicking before that would hit
// server-rendered markup, so tests wait for it first. `client:intent` islands hydrate only when their dialog
// is about to open, so a test opens the dialog and then waits for its island. A `client:member` island
// hydrates at once for a signed-in browser and on a visitor's first sign of use (pointAtThePage).

/** Waits until the island that contains `target` (if any) has hydrated and is usable. */
export async function waitForIslandOf(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect
    .poll(
      () =>
        target.evaluate((element) => {
          const island = element.closest('astro-island');
          return Boolean(island && (island.hasAttribute('ssr') || island.closest('[inert]')));
        }),
      { message: 'island to hydrate' },
    )
    .toBe(false);
}

/**
 * Scrolls the whole page (so `client:visible` islands wake up) and waits until every island that hydrates
 * by itself has hydrated (all but `client:intent`).
 */
export async function waitForAllIslands(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
    window.scrollTo(0, 0);
  });
  await expect(
    page.locator('astro-island[ssr]:not([client="intent"])'),
    'every island to hydrate',
  ).toHaveCount(0, {
    timeout: 10_000,
  });
}

/** A visitor's first sign of use: the pointer moves over the page (it wakes `client:member` islands). */
export async function pointAtThePage(page: Page): Promise<void> {
  await page.mouse.move(8, 8);
  await page.mouse.move(16, 16);
}

/** Opens a path and waits for its islands, the normal way for a test to start on a page. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForAllIslands(page);
}
