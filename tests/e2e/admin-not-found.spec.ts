import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { MISSING_PATH } from '../helpers/sitemap';

// An address under /admin that no admin screen answers: the static host serves the admin shell for all of
// /admin/* (public/_redirects), so the island shows the site's own 404 page there (its heading, text, link
// home and title) without the admin chrome, and the page stays out of search engines (robots noindex).

/** What a visitor reads on a 404 page: its title, heading, text and the link home. */
async function notFoundPage(page: Page) {
  const main = page.getByRole('main');
  const heading = main.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  return {
    title: await page.title(),
    heading: await heading.innerText(),
    text: await main.locator('p:not([aria-hidden])').innerText(),
    homeLink: await main.getByRole('link', { name: 'Return to Home' }).getAttribute('href'),
  };
}

test('an admin opening an unknown /admin address sees the site 404 page, marked noindex', async ({
  page,
}) => {
  await page.goto(MISSING_PATH);
  const sitePage = await notFoundPage(page);
  expect(sitePage.heading).toBe('Oops! Page not found');

  await openAdminScreen(page, '/admin', 'Overview');
  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  expect(await notFoundPage(page)).toEqual(sitePage);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // The admin screens themselves still open, with their heading and navigation.
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 2, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expect(page).toHaveTitle('Customers · Admin');
});
