import { expect, test } from '@playwright/test';
import { createMember, sessionFor, waitForMail } from '../helpers/e2e-backend';
import { waitForIslandOf } from '../helpers/islands';

// Forgotten password: ask from the Login tab, follow the e-mailed link to /reset-password, set a new one.

test('a forgotten password is reset end to end and the new one signs in', async ({ page }) => {
  const member = await createMember();
  await page.goto('/login');
  const login = page.getByRole('form', { name: 'Login' });
  await waitForIslandOf(login);
  await login.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const request = page.getByRole('form', { name: 'Reset your password' });
  await expect(request.getByLabel('Email'), 'the typed address is kept').toHaveValue(member.email);
  await request.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(`If an account exists for ${member.email}`)).toBeVisible();

  const mail = await waitForMail(member.email, /reset/i);
  const link = mail.links.find((candidate) => candidate.includes('/auth/v1/verify'));
  await page.goto(link ?? '');
  await page.waitForURL((url) => url.pathname === '/reset-password');
  await expect(page.getByText(`Choose a new password for ${member.email}.`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('after-reset-9');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.locator('#toaster').getByText('Password updated')).toBeVisible();

  await expect(sessionFor(member)).rejects.toThrow(/invalid login credentials/i);
  expect((await sessionFor({ email: member.email, password: 'after-reset-9' })).user.email).toBe(
    member.email,
  );
});

test('an expired reset link says so and offers a new one', async ({ page }) => {
  await page.goto(
    '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  const alert = page.getByRole('alert').filter({ hasText: 'This reset link did not work' });
  await expect(alert).toContainText('invalid or has expired');
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
});

test('/reset-password without a link explains how to get one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Open the link in your password reset e-mail')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible();
});
