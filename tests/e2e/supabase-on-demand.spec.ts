import { expect, test, type Page } from '@playwright/test';
import { storageKey } from '../helpers/e2e-backend';
import { waitForAllIslands } from '../helpers/islands';

// supabase-js loads only in a browser that holds a session (decision 0006): a visitor without one never
// fetches it; a returning member's page loads it and shows them signed in.

/** Paths of the scripts the page fetches that contain supabase-js (its auth client is GoTrueClient). */
function supabaseScripts(page: Page): string[] {
  const found: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('GoTrueClient')) found.push(new URL(response.url()).pathname);
  });
  return found;
}

test('a visitor without a stored session never fetches supabase-js', async ({ page }) => {
  const fetched = supabaseScripts(page);
  await page.goto('/');
  await waitForAllIslands(page);
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await expect(page.locator('[data-when-signed-in]').first()).toBeHidden();
});

test('a browser with a stored session loads supabase-js and shows the member', async ({ page }) => {
  const email = 'returning@example.com';
  const session = {
    access_token: 'header.payload.signature',
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: { id: 'a0000000-0000-4000-8000-0000000000aa', aud: 'authenticated', role: 'authenticated', email },
  };
  await page.addInitScript(
    ([key, value]) => {
      if (key && value) localStorage.setItem(key, value);
    },
    [storageKey(), JSON.stringify(session)],
  );
  const fetched = supabaseScripts(page);
  await page.goto('/');

  // No stack runs beside the browser tests, so the profile cannot load: the name falls back to the e-mail.
  await expect(page.locator('[data-session-name]').first()).toHaveText(email);
  await expect.poll(() => fetched.length, { message: 'supabase-js was fetched' }).toBeGreaterThan(0);
});
