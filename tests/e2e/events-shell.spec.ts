import { expect, test, type Page } from '@playwright/test';

// The events page's static shell (issue 9, CLS ≤ 0.1): while the list loads, placeholder cards hold its room
// so the footer stays below the fold; the list then takes their place. Lighthouse checks the layout shift of
// a real load (scripts/budgets); this holds the events read back to see the waiting state itself.

test.use({ viewport: { width: 412, height: 823 }, isMobile: true });

/** Holds the page's events read until the returned function is called, then lets it through unchanged. */
async function holdEventsRead(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/rest\/v1\/events\?/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page's layout shift so far, as Lighthouse adds it up (shifts right after input left out). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[];
          resolve(
            shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
}

test('placeholder cards hold the list’s room until the events arrive, then give way to them', async ({
  page,
}) => {
  const release = await holdEventsRead(page);
  await page.goto('/events');
  const skeleton = page.locator('.events-skeleton');
  await expect(page.getByRole('status').filter({ hasText: 'Loading events...' })).toBeVisible();
  await expect(skeleton).toBeVisible();
  await expect(page.getByRole('contentinfo')).not.toBeInViewport();

  release();
  await expect(page.getByRole('listitem').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: '← Back' })).toBeVisible();
  await expect(skeleton).toBeHidden();
  // The shell holds at least a screen's height, however few cards arrive: the footer stays out of view.
  expect((await page.locator('.events-shell').boundingBox())?.height).toBeGreaterThanOrEqual(823);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
});
