/**
 * The admin area in browser tests: a fresh admin (each test its own), signed in, on one admin screen once
 * the screen's own code has loaded (its h2 heading is shown).
 */
import { expect, type Page } from '@playwright/test';
import { createMember, signInPage, type TestMember } from './e2e-backend';

/** Opens `path` (under /admin) as a new admin, or as `admin`, and waits for the screen's heading. */
export async function openAdminScreen(
  page: Page,
  path: string,
  heading: string | RegExp,
  admin?: TestMember,
): Promise<TestMember> {
  const signedIn = admin ?? (await createMember({ admin: true, fullName: 'Test Admin' }));
  await signInPage(page, signedIn);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible({ timeout: 15_000 });
  return signedIn;
}
