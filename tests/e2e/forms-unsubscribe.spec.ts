import { expect, test } from '@playwright/test';
import { adminClient, uniqueEmail } from '../helpers/e2e-backend';
import { gotoHydrated } from '../helpers/islands';

// The unsubscribe link of a marketing e-mail (built by public.unsubscribe_url with the service role): the
// page changes nothing on opening; its one button clears consent everywhere for the address.

async function consentingMember(email: string): Promise<string> {
  const { data, error } = await adminClient().auth.admin.createUser({
    email,
    password: 'correct-horse-7',
    email_confirm: true,
    user_metadata: { full_name: 'News Reader', marketing_consent: true },
  });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  return data.user.id;
}

async function consentOf(id: string): Promise<boolean | undefined> {
  const { data } = await adminClient().from('profiles').select('marketing_consent').eq('id', id).single();
  return data?.marketing_consent;
}

test('opening the link changes nothing; the button unsubscribes the address', async ({ page }) => {
  const email = uniqueEmail('news');
  const id = await consentingMember(email);
  expect(await consentOf(id)).toBe(true);
  const { data: link, error } = await adminClient().rpc('unsubscribe_url', { address: email });
  expect(error).toBeNull();
  const url = new URL(String(link));

  await gotoHydrated(page, `${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  expect(await consentOf(id), 'a link scanner that only opens the page unsubscribes no one').toBe(true);

  await page.getByRole('button', { name: 'Unsubscribe from trip news' }).click();
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe from trip news' })).toHaveCount(0);
  expect(await consentOf(id)).toBe(false);
});

test('a link with a wrong or missing token says so and offers no button', async ({ page }) => {
  await gotoHydrated(page, `/unsubscribe?token=${'0'.repeat(64)}`);
  await page.getByRole('button', { name: 'Unsubscribe from trip news' }).click();
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();

  await gotoHydrated(page, '/unsubscribe');
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe from trip news' })).toHaveCount(0);
});
