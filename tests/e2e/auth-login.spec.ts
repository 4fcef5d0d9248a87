import { expect, test, type Page } from '@playwright/test';
import { createMember, signInPage, type TestMember } from '../helpers/e2e-backend';
import { waitForIslandOf } from '../helpers/islands';

// The /login auth card: tabs, sign-in and where it leads (next, /admin, /events), the guards of /admin.

async function openLogin(page: Page, path = '/login') {
  await page.goto(path);
  const form = page.getByRole('form', { name: 'Login' });
  await waitForIslandOf(form);
  return form;
}

async function signInWith(page: Page, member: Pick<TestMember, 'email' | 'password'>, path = '/login') {
  const form = await openLogin(page, path);
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

const toasts = (page: Page) => page.locator('#toaster');

test('the card is titled for the brand and opens on Login; ?tab=register opens Register; arrows move', async ({
  page,
}) => {
  await openLogin(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Access the .+ Portal$/);
  const login = page.getByRole('tab', { name: 'Login' });
  const register = page.getByRole('tab', { name: 'Register' });
  await expect(login).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Login' })).toBeVisible();

  await login.focus();
  await page.keyboard.press('ArrowRight');
  await expect(register).toBeFocused();
  await expect(register).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Register' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(login).toBeFocused();

  await page.goto('/login?tab=register');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
});

test('a wrong password says Login Failed with the reason, and signs no one in', async ({ page }) => {
  const member = await createMember();
  await signInWith(page, { email: member.email, password: 'not-the-password-1' });
  await expect(toasts(page).getByText('Login Failed')).toBeVisible();
  await expect(toasts(page).getByText('Invalid login credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a member who signs in goes to /events, welcomed there', async ({ page }) => {
  const member = await createMember();
  await signInWith(page, member);
  await page.waitForURL('**/events');
  await expect(toasts(page).getByText('Welcome back!')).toBeVisible();
  await expect(toasts(page).getByText("You've successfully logged in.")).toBeVisible();
});

test('an admin who signs in goes to /admin and sees the overview', async ({ page }) => {
  const admin = await createMember({ admin: true });
  await signInWith(page, admin);
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expect(page.getByText('Admins only')).toHaveCount(0);
});

test('a member is turned away from /admin and its deep links with a clear message', async ({ page }) => {
  const member = await createMember();
  await signInPage(page, member);
  await page.goto('/admin/customers');
  await expect(page.getByRole('alert').getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
});

test('a visitor is sent from a gated page to /login and back there after signing in', async ({ page }) => {
  // /admin stands for any gated page here; the member lane's /dashboard uses the same gate.
  const admin = await createMember({ admin: true });
  await page.goto('/admin/customers?q=ada');
  await page.waitForURL(/\/login\?next=/);
  expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/customers?q=ada');
  await signInWith(page, admin, page.url().replace(new URL(page.url()).origin, ''));
  await page.waitForURL('**/admin/customers?q=ada');
  await expect(page.getByRole('heading', { name: 'Customers', level: 2 })).toBeVisible();
});

test('an open redirect in next is refused: sign-in goes to /events instead', async ({ page }) => {
  const member = await createMember();
  await signInWith(page, member, '/login?next=https%3A%2F%2Fevil.example%2F');
  const site = new URL(page.url()).origin;
  await page.waitForURL('**/events');
  expect(new URL(page.url()).origin).toBe(site);
});

test('a signed-in visitor who opens /login is sent on', async ({ page }) => {
  const member = await createMember();
  await signInPage(page, member);
  await page.goto('/login');
  await page.waitForURL('**/events');
});

test('the header shows the signed-in member: name, tier, Admin Dashboard for admins', async ({ page }) => {
  const admin = await createMember({ admin: true, fullName: 'Morgan Admin' });
  await signInPage(page, admin);
  await page.goto('/');
  const trigger = page.getByRole('button', { name: 'Morgan Admin' });
  await expect(trigger).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).filter({ visible: true })).toHaveCount(0);
  await trigger.click();
  const menu = page.locator('#user-menu');
  await expect(menu.getByText('VIP Member')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test("the landing page's registration overlay is the auth card, opened on Register", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Join Our Community' }).click();
  await page
    .getByRole('dialog', { name: /VIP/ })
    .getByRole('button', { name: /^Join .+ Community$/ })
    .click();
  const overlay = page.getByRole('dialog', { name: /^Access the .+ Portal$/ });
  const form = overlay.getByRole('form', { name: 'Register' });
  await waitForIslandOf(form);
  await expect(overlay.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByLabel('Full name')).toBeFocused();
  await overlay.getByRole('tab', { name: 'Login' }).click();
  await expect(overlay.getByRole('form', { name: 'Login' })).toBeVisible();
});
