import { expect, test } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import {
  adminClient,
  createMember,
  signInPage,
  storageKey,
  uniqueEmail,
  waitForMail,
} from '../helpers/e2e-backend';
import { gotoHydrated } from '../helpers/islands';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// /contact: Name*, Email*, Phone, Message* (6 rows), saved to contact_messages, thanked by a toast and on
// the page, and e-mailed to the company. /support reaches the company the same way, for members.

const COMPANY = 'hello@hauntedhorizons.com.au';

test('an empty submit names the three required fields and sends nothing', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  const message = form.getByRole('textbox', { name: 'Message', exact: true });
  await expect(message).toHaveAttribute('rows', '6');
  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const [name, problem] of [
    ['Name', /enter your name/],
    ['Email', /e-mail/],
    ['Message', /enter your message/],
  ] as const) {
    const field = form.getByRole('textbox', { name, exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(problem);
  }
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expect(form.getByRole('textbox', { name: 'Phone', exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText('Message sent!')).toHaveCount(0);
});

test('a message is saved, the sender thanked, and the company e-mailed', async ({ page }) => {
  const email = uniqueEmail('contact');
  const name = `Robin ${email.slice(8, 16)}`;
  await gotoHydrated(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Do you run private tours?');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText('Message sent!')).toBeVisible();
  await expect(page.getByText(`Thank you, ${name}. Your message has been sent.`)).toBeVisible();
  await expect(
    form.getByRole('textbox', { name: 'Message', exact: true }),
    'the form is cleared',
  ).toHaveValue('');

  const { data } = await adminClient()
    .from('contact_messages')
    .select('full_name, phone, message')
    .eq('email', email);
  expect(data).toEqual([{ full_name: name, phone: null, message: 'Do you run private tours?' }]);
  const mail = await waitForMail(COMPANY, new RegExp(`^Contact message from ${name}$`));
  expect(mail.text).toContain(`E-mail: ${email}`);
  expect(mail.text).toContain('Do you run private tours?');
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`axe finds nothing on /contact with errors and with the thanks shown (${theme})`, async ({
    page,
    context,
  }) => {
    await useStoredTheme(context, theme);
    await gotoHydrated(page, '/contact');
    expect(await readTheme(page)).toBe(theme);
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(await axeViolations(page)).toEqual([]);

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Axe Tester');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('axe'));
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Checking contrast.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thank you, Axe Tester. Your message has been sent.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('/support shows how to reach the company and the same form, and is not indexed', async ({ page }) => {
  await gotoHydrated(page, '/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: COMPANY })).toHaveAttribute('href', `mailto:${COMPANY}`);
  await expect(main.getByRole('link', { name: '0491 570 156' })).toHaveAttribute('href', 'tel:0491570156');
  await expect(main.getByRole('form', { name: 'Contact us' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('/support shows a visitor no member menu, and a member theirs from the first paint', async ({
  page,
  browser,
}) => {
  await gotoHydrated(page, '/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Member menu' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Personal Details' })).toHaveCount(0);

  const context = await browser.newContext();
  const memberPage = await context.newPage();
  try {
    await signInPage(memberPage, await createMember({ fullName: 'Sam Support' }));
    // Whether the menu showed when the HTML was first parsed, before any module script ran: no flash.
    await memberPage.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const menu = document.querySelector('nav[aria-label="Member menu"]');
        document.documentElement.dataset.menuAtLoad = String(
          menu !== null && getComputedStyle(menu).display !== 'none',
        );
      });
    });
    await gotoHydrated(memberPage, '/support');
    await expect(memberPage.locator('html')).toHaveAttribute('data-menu-at-load', 'true');
    const menu = memberPage.getByRole('navigation', { name: 'Member menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
  } finally {
    await context.close();
  }
});

test('/support hides the member menu again when the stored session turns out to be no session', async ({
  page,
}) => {
  // A session left in storage whose tokens the auth service refuses: shown at first, hidden once checked.
  await page.addInitScript((key) => {
    if (!localStorage.getItem(key))
      localStorage.setItem(
        key,
        JSON.stringify({
          access_token: 'not-a-token',
          refresh_token: 'not-a-refresh-token',
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: 1,
          user: { id: '00000000-0000-4000-8000-000000000000' },
        }),
      );
  }, storageKey());
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const menu = document.querySelector('nav[aria-label="Member menu"]');
      document.documentElement.dataset.menuAtLoad = String(
        menu !== null && getComputedStyle(menu).display !== 'none',
      );
    });
  });
  await gotoHydrated(page, '/support');
  await expect(page.locator('html')).toHaveAttribute('data-menu-at-load', 'true');
  await expect(page.getByRole('navigation', { name: 'Member menu' })).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-signed-in');
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`axe finds nothing on /support for a visitor (${theme})`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    await gotoHydrated(page, '/support');
    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page)).toEqual([]);
  });
}
