import { expect, test } from '@playwright/test';
import { adminClient, createMember, signInPage, uniqueEmail, waitForMail } from '../helpers/e2e-backend';
import { gotoHydrated } from '../helpers/islands';

// /personal-details: name and phone saved to the member's profile, and an e-mail change that completes only
// when the links sent to the old and the new address are both followed (double_confirm_changes).

test('a member changes their name and phone, and a bad phone is refused without saving', async ({ page }) => {
  const member = await createMember({ fullName: 'Mary Bryant' });
  await signInPage(page, member);
  await gotoHydrated(page, '/personal-details');

  const details = page.getByRole('form', { name: 'Your details' });
  const name = details.getByRole('textbox', { name: 'Full name' });
  await expect(name).toHaveValue('Mary Bryant');
  const phone = details.getByRole('textbox', { name: /Phone/ });

  await phone.fill('12');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();

  await name.fill('Mary Broad');
  await phone.fill('+61 3 6251 2310');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved')).toBeVisible();
  // The header's user menu follows without a reload.
  await expect(page.locator('[data-session-name]').first()).toHaveText('Mary Broad');

  const { data } = await adminClient()
    .from('profiles')
    .select('full_name, phone')
    .eq('id', member.id)
    .single();
  expect(data).toEqual({ full_name: 'Mary Broad', phone: '+61 3 6251 2310' });

  // The sign-up details stay as they were given, for the member to check.
  const signUp = page.getByRole('region', { name: 'Your sign-up details' });
  await expect(signUp).toContainText('Mary Bryant');
  await expect(signUp).toContainText(member.email);
});

test('an e-mail change needs the links to both inboxes, and the first one says so', async ({ page }) => {
  const member = await createMember({ fullName: 'Ellen Change' });
  const newAddress = uniqueEmail('moved');
  await signInPage(page, member);
  await gotoHydrated(page, '/personal-details');

  const form = page.getByRole('form', { name: 'Change your e-mail address' });
  await form.getByRole('textbox', { name: 'New e-mail address' }).fill(newAddress);
  await form.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByText('Check both inboxes')).toBeVisible();

  const verifyLink = (links: string[]) => links.find((link) => link.includes('/auth/v1/verify')) ?? '';
  const toNew = verifyLink((await waitForMail(newAddress, /e-mail address/i)).links);
  const toOld = verifyLink((await waitForMail(member.email, /e-mail address/i)).links);
  expect(toNew).not.toBe('');
  expect(toOld).not.toBe('');

  // First link: accepted, nothing changed yet, and the page shows the server's message.
  await page.goto(toNew);
  await expect(page).toHaveURL(/\/personal-details#message=/);
  await expect(page.getByText(/Confirmation link accepted/)).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(member.email);

  // Second link: the change completes and the page shows the new address.
  await page.goto(toOld);
  await expect(page.getByTestId('current-email')).toHaveText(newAddress);
  const { data } = await adminClient().auth.admin.getUserById(member.id);
  expect(data.user?.email).toBe(newAddress);
});
