import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { adminClient, createMember, sessionFor, signInPage, supabaseUrl } from '../helpers/e2e-backend';
import { gotoHydrated } from '../helpers/islands';

// /settings: password, trip news consent, download my data, delete my account.

test('a member changes their password: the new one signs in, the old one no longer does', async ({
  page,
}) => {
  const member = await createMember();
  await signInPage(page, member);
  await gotoHydrated(page, '/settings');
  const form = page.getByRole('form', { name: 'Change your password' });

  // The server's own reason when it refuses (here: the same password again).
  await form.getByLabel('New password', { exact: true }).fill(member.password);
  await form.getByLabel('Confirm new password').fill(member.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toContainText('different from the old password');

  await form.getByLabel('New password', { exact: true }).fill('lantern-walk-42');
  await form.getByLabel('Confirm new password').fill('lantern-walk-42');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await expect(sessionFor(member)).rejects.toThrow(/sign-in failed/);
  await expect(sessionFor({ email: member.email, password: 'lantern-walk-42' })).resolves.toBeTruthy();
});

test('sign out of all devices ends the session on another device too', async ({ page }) => {
  const member = await createMember();
  const elsewhere = await sessionFor(member);
  await signInPage(page, member);
  await gotoHydrated(page, '/settings');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(page).toHaveURL(/\/$/);

  const device = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY'] ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const refreshed = await device.auth.refreshSession({ refresh_token: elsewhere.refresh_token });
  expect(refreshed.error).not.toBeNull();
});

test('a member turns trip news on and off', async ({ page }) => {
  const member = await createMember();
  await signInPage(page, member);
  await gotoHydrated(page, '/settings');
  const consent = page.getByRole('checkbox', { name: /news about upcoming trips/ });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await expect(page.getByText('Subscribed to trip news')).toBeVisible();
  const read = async () =>
    (await adminClient().from('profiles').select('marketing_consent').eq('id', member.id).single()).data;
  expect(await read()).toEqual({ marketing_consent: true });
  await consent.uncheck();
  await expect(page.getByText('Unsubscribed from trip news')).toBeVisible();
  expect(await read()).toEqual({ marketing_consent: false });
});

test('download my data gives the member their own data as JSON, and nothing of another member', async ({
  page,
}) => {
  const member = await createMember({ fullName: 'Dora Download' });
  const other = await createMember({ fullName: 'Otto Other' });
  const admin = adminClient();
  const { data: event } = await admin.from('events').select('id').eq('status', 'published').limit(1).single();
  await admin.from('favorites').insert([
    { user_id: member.id, event_id: event!.id },
    { user_id: other.id, event_id: event!.id },
  ]);

  await signInPage(page, member);
  await gotoHydrated(page, '/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^haunted-horizons-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await download.path())!, 'utf8');
  const data = JSON.parse(text) as Record<string, unknown>;
  expect(data['account']).toMatchObject({ id: member.id, email: member.email });
  expect(data['profile']).toMatchObject({ full_name: 'Dora Download' });
  expect(data['favorites']).toEqual([expect.objectContaining({ user_id: member.id, event_id: event!.id })]);
  expect(text).not.toContain(other.id);
  expect(text).not.toContain('Otto Other');
});

test('deleting an account: confirmed in a dialog, then sign-in fails and the booking stays, anonymised', async ({
  page,
}) => {
  const member = await createMember({ fullName: 'Dmitri Delete' });
  const admin = adminClient();
  const { data: event } = await admin.from('events').select('id').eq('status', 'published').limit(1).single();
  const { data: booking, error } = await admin
    .from('bookings')
    .insert({
      event_id: event!.id,
      user_id: member.id,
      invoice_number: `DEL-${member.id.slice(0, 8).toUpperCase()}`,
      total_cents: 80000,
    })
    .select('id')
    .single();
  expect(error).toBeNull();

  await signInPage(page, member);
  await gotoHydrated(page, '/settings');
  const opener = page.getByRole('button', { name: 'Delete my account' });
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });

  // Escape closes it and nothing happens.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await opener.click();
  const confirm = dialog.getByRole('textbox', { name: /Type your e-mail address/ });
  await expect(confirm).toBeFocused();
  // Focus stays inside the dialog however far one tabs.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
  }
  const deleteButton = dialog.getByRole('button', { name: 'Delete my account' });
  await confirm.fill('someone-else@example.com');
  await expect(deleteButton).toBeDisabled();
  await confirm.fill(member.email);
  await deleteButton.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account deleted')).toBeVisible();

  await expect(sessionFor(member)).rejects.toThrow(/sign-in failed/);
  const { data: kept } = await admin
    .from('bookings')
    .select('id, user_id, profiles(full_name, phone)')
    .eq('id', booking!.id)
    .single();
  expect(kept).toEqual({ id: booking!.id, user_id: member.id, profiles: { full_name: null, phone: null } });
  const { data: user } = await admin.auth.admin.getUserById(member.id);
  expect(user.user?.email).not.toBe(member.email);
});
