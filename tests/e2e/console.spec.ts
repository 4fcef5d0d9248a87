import { expect, test } from '@playwright/test';
import { collectConsoleProblems } from '../helpers/console';
import { waitForAllIslands } from '../helpers/islands';
import { MISSING_PATH, sitemapPaths } from '../helpers/sitemap';

// Every page a visitor can reach loads and hydrates without a console error, an uncaught exception or a
// failed request. The 404 page's own document answers 404 on purpose, so only that line is expected there.

for (const path of sitemapPaths()) {
  test(`no console errors on ${path}`, async ({ page }) => {
    const problems = collectConsoleProblems(page);
    await page.goto(path);
    await waitForAllIslands(page);
    expect(problems.list()).toEqual([]);
  });
}

test('no console errors on the 404 page beyond its own 404', async ({ page, baseURL }) => {
  const missingUrl = new URL(MISSING_PATH, baseURL).href;
  const problems = collectConsoleProblems(page, [missingUrl]);
  await page.goto(MISSING_PATH);
  await waitForAllIslands(page);
  expect(problems.list()).toEqual([]);
});
