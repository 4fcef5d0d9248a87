import { expect, test } from '@playwright/test';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { gotoHydrated } from '../helpers/islands';

// /customer/{id}: one static shell reached through public/_redirects; a deep link and a refresh both work,
// and the page shows name, member since and tier, nothing private. Only of a member the community has seen
// (an author of a live comment or reply on a public event) or oneself (decision 0058).

/** A comment by the member on a published event, as the author links on /events lead to their profile. */
async function postAsAuthor(userId: string): Promise<void> {
  const admin = adminClient();
  const slug = `profile-author-${userId.slice(0, 8)}`;
  const event = await admin
    .from('events')
    .insert({
      slug,
      title: 'Profile trip',
      status: 'published',
      start_date: '2030-01-10',
      end_date: '2030-01-12',
    })
    .select('id')
    .single();
  expect(event.error).toBeNull();
  const comment = await admin
    .from('comments')
    .insert({ event_id: (event.data as { id: string }).id, user_id: userId, content: 'See you there' });
  expect(comment.error).toBeNull();
}

test("a member opens another member's profile by deep link and refreshes it", async ({ page }) => {
  const viewer = await createMember({ fullName: 'Vera Viewer' });
  const shown = await createMember({ fullName: 'Percy Profile' });
  await adminClient().from('profiles').update({ phone: '0400 999 888' }).eq('id', shown.id);
  await postAsAuthor(shown.id);
  await signInPage(page, viewer);

  for (const load of [() => gotoHydrated(page, `/customer/${shown.id}`), () => page.reload()]) {
    await load();
    await expect(page).toHaveURL(new RegExp(`/customer/${shown.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Percy Profile' })).toBeVisible();
    await expect(page.locator('#main').getByText('VIP Member')).toBeVisible();
    await expect(page.getByText('Member since')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('0400 999 888');
    await expect(page.locator('main')).not.toContainText(shown.email);
  }
});

test('an unknown id says the member was not found', async ({ page }) => {
  const viewer = await createMember();
  await signInPage(page, viewer);
  await gotoHydrated(page, '/customer/00000000-0000-4000-8000-000000000000');
  await expect(page.locator('main').getByRole('alert')).toContainText('We could not find that member');
});

test('a member who never posted is not found by others', async ({ page }) => {
  const viewer = await createMember();
  const quiet = await createMember({ fullName: 'Quentin Quiet' });
  await signInPage(page, viewer);
  await gotoHydrated(page, `/customer/${quiet.id}`);
  await expect(page.locator('main').getByRole('alert')).toContainText('We could not find that member');
  await expect(page.locator('main')).not.toContainText('Quentin Quiet');
});

test('a visitor is sent to sign in and back', async ({ page }) => {
  const shown = await createMember();
  await page.goto(`/customer/${shown.id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/customer/${shown.id}`)}`));
});

test('a member finds their own public profile from their personal details', async ({ page }) => {
  const member = await createMember({ fullName: 'Selma Self' });
  await signInPage(page, member);
  await gotoHydrated(page, '/personal-details');
  await page.getByRole('link', { name: 'your public profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${member.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Selma Self' })).toBeVisible();
});
