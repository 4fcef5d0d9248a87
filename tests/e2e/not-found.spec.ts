import { expect, test } from '@playwright/test';
import { MISSING_PATH } from '../helpers/sitemap';

test('an unknown path shows the 404 page with a link home, served with status 404', async ({ page }) => {
  const response = await page.goto(MISSING_PATH);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  const homeLink = page.getByRole('main').getByRole('link', { name: /home/i });
  await expect(homeLink).toHaveAttribute('href', '/');
  await homeLink.click();
  await expect(page).toHaveURL(/\/$/);
});
