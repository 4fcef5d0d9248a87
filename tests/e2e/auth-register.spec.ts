import { expect, test, type Page } from '@playwright/test';
import { adminClient, mailTo, storageKey, uniqueEmail, waitForMail } from '../helpers/e2e-backend';
import { waitForIslandOf } from '../helpers/islands';

// Registration to a member with a password of their own: the confirmation e-mail, its link, the
// 'Choose your password' step (decision 0016); a spent link; a new confirmation e-mail from the Login tab.

const toasts = (page: Page) => page.locator('#toaster');

async function register(page: Page, fullName: string, email: string, password: string) {
  await page.goto('/login?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await waitForIslandOf(form);
  await form.getByLabel('Full name').fill(fullName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  return form;
}

test('register, confirm by e-mail, choose the password, then sign in with it', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  const form = await register(page, 'Casey Newcomer', email, 'typed-at-signup-1');
  await expect(toasts(page).getByText('Registration Successful!')).toBeVisible();
  await expect(toasts(page).getByText('Please check your email to confirm your account.')).toBeVisible();
  await expect(form.getByLabel('Full name'), 'the form is cleared').toHaveValue('');
  await expect(form.getByRole('checkbox')).not.toBeChecked();

  const mail = await waitForMail(email, /confirm/i);
  const link = mail.links.find((candidate) => candidate.includes('/auth/v1/verify'));
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  // The link's session is taken by supabase-js (woken by the URL) and stored.
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, storageKey()))
    .toBe(true);

  // The dashboard asks for a password before anything else (decision 0016), with the sign-up details.
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  const details = page.locator('#main dl');
  await expect(details.getByText(email)).toBeVisible();
  await expect(details.getByText('Casey Newcomer')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('my-own-pass-2');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(toasts(page).getByText('Password saved')).toBeVisible();
  // Hosted GoTrue mails its password notification for a first password too (decision 0065): the mail
  // must read right for someone who has just joined, not tell them their password 'was changed'.
  const notice = await waitForMail(email, /password/i);
  expect(notice.subject).toBe('Your Haunted Horizons password is set');
  expect(`${notice.subject}\n${notice.text}`).not.toMatch(/was changed/i);
  expect(notice.text).toContain("If you've just chosen your password after joining");
  // Then the new member's own dashboard: their name, their tier, no bookings, counts from their rows.
  // Their first sign-in (the confirmation link's) is greeted 'Welcome', not 'Welcome back'.
  await expect(page.getByRole('heading', { name: 'Welcome, Casey!' })).toBeVisible();
  await expect(page.locator('#main').getByText('VIP Member').first()).toBeVisible();
  await expect(page.locator('[data-tile="bookedEvents"]')).toContainText('Booked Events0');
  await expect(page.locator('[data-tile="favourites"]')).toContainText('Favourites0');
  await expect(page.locator('[data-tile="completedEvents"]')).toContainText('Completed Events0');
  // The ticked box reached the profile, with its time (Spam Act).
  const { data: profile } = await adminClient()
    .from('profiles')
    .select('marketing_consent, marketing_consent_at')
    .eq('full_name', 'Casey Newcomer')
    .single();
  expect(profile?.marketing_consent).toBe(true);
  expect(profile?.marketing_consent_at).toBeTruthy();

  await page.locator('[data-when-signed-in] button[popovertarget]').click();
  await page.locator('#user-menu').getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(/\/login\?next=%2Fdashboard/);
  const login = page.getByRole('form', { name: 'Login' });
  await waitForIslandOf(login);
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill('typed-at-signup-1');
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    toasts(page).getByText('Login Failed'),
    'the password typed at sign-up was cleared',
  ).toBeVisible();
  await login.getByLabel('Password', { exact: true }).fill('my-own-pass-2');
  await login.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
});

test('the password rule (as config.toml: 8+ characters, letters and digits) is checked before sending', async ({
  page,
}) => {
  const form = await register(page, 'Weak Person', uniqueEmail('weak'), 'abcdefgh');
  await expect(
    form.getByText('Your password must contain at least one letter (a–z) and one digit (0–9).'),
  ).toBeVisible();
  await expect(toasts(page).getByText('Registration Successful!')).toHaveCount(0);
});

test('a spent or expired link says so instead of sending the visitor to log in', async ({ page }) => {
  await page.goto(
    '/admin#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  const alert = page.getByRole('alert').filter({ hasText: 'This link did not sign you in' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('invalid or has expired');
  expect(new URL(page.url()).hash, 'the error is taken out of the address').toBe('');
  await expect(alert.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute(
    'href',
    '/login?next=%2Fadmin',
  );
});

test('sign-in before confirming offers a new confirmation e-mail', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await register(page, 'Una Confirmed', email, 'typed-at-signup-1');
  await expect(toasts(page).getByText('Registration Successful!')).toBeVisible();
  await waitForMail(email, /confirm/i);

  await page.getByRole('tab', { name: 'Login' }).click();
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill('typed-at-signup-1');
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page).getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Your e-mail address is not confirmed yet.')).toBeVisible();
  await page.waitForTimeout(1100); // config.toml's max_frequency between two e-mails to one address
  await page.getByRole('button', { name: 'Resend Confirmation Email' }).click();
  await expect(toasts(page).getByText('Confirmation email sent')).toBeVisible();
  await expect.poll(async () => (await mailTo(email)).length).toBe(2);
});
