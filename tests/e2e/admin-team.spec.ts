import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { createMember, sessionFor, supabaseUrl, type TestMember } from '../helpers/e2e-backend';
import { useStoredTheme } from '../helpers/theme';
import { downloadedCsv } from '../helpers/csv';

// /admin/management: the team and the audit log. The e2e database is shared: every name here is unique
// and every check looks for its own rows.

const SCREEN = '/admin/management';
const TITLE = 'Team and audit log';
const uniqueName = (first: string) => `${first} ${randomUUID().slice(0, 8)}`;

/** A client signed in as `member`, as a script on the page (or in a console) would use supabase-js. */
async function clientOf(member: TestMember) {
  const session = await sessionFor(member);
  return createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY'] ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
}

const auditTable = (page: Page) => page.getByRole('table', { name: 'Audit log' });
const adminsTable = (page: Page) => page.getByRole('table', { name: 'Admins' });

test('an admin grants admin to a member by e-mail and finds the grant in the audit log', async ({ page }) => {
  const member = await createMember({ fullName: uniqueName('Ada') });
  const admin = await openAdminScreen(page, SCREEN, TITLE);
  const form = page.getByRole('form', { name: 'Make a member an admin' });
  const email = form.getByLabel("Member's e-mail address");

  // Bad input: a clear message, and nothing changes.
  await email.fill('nobody-' + randomUUID().slice(0, 8) + '@example.com');
  await form.getByRole('button', { name: 'Make admin' }).click();
  await expect(form.getByText('No member has this e-mail address.')).toBeVisible();
  await email.fill('not an address');
  await form.getByRole('button', { name: 'Make admin' }).click();
  await expect(form.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();

  await email.fill(member.email.toUpperCase());
  await form.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText(`${member.fullName} is now an admin.`)).toBeVisible();
  await expect(email).toHaveValue('');
  const row = adminsTable(page).getByRole('row', { name: new RegExp(member.fullName) });
  await expect(row).toContainText(member.email);

  // Who, what and when: search the member's unique name, narrow to members, today only. The choices are
  // the tables the database audits, named by their triggers' nouns.
  await page.getByLabel('Search who or what').fill(member.fullName);
  const what = page.getByLabel('What changed');
  await expect(what.getByRole('option', { name: 'Staff notes' })).toHaveCount(1);
  await expect(what.getByRole('option', { name: 'Waitlist entries' })).toHaveCount(1);
  await what.selectOption({ label: 'Members' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await expect(page).toHaveURL(/filter=profiles/);
  const grant = auditTable(page).getByRole('row', {
    name: new RegExp(`Granted admin to ${member.fullName}`),
  });
  await expect(grant).toBeVisible();
  await expect(auditTable(page).locator('tbody tr')).toHaveCount(1);
  await expect(grant).toContainText(admin.email);
  await grant.getByText('1 field').click();
  await expect(grant.getByText('Before: no')).toBeVisible();
  await expect(grant.getByText('After: yes')).toBeVisible();

  // A date range the wrong way round says so and asks for nothing.
  await page.getByLabel('From').fill('2099-01-02');
  await page.getByLabel('To').fill('2099-01-01');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The “from” date is after the “to” date.' }),
  ).toBeVisible();
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await expect(grant).toBeVisible();

  // The export holds exactly the rows the search matches.
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Audit log', exact: true })
    .getByRole('button', { name: 'Export CSV' })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^changes-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = await downloadedCsv(download);
  expect(header).toEqual([
    'When',
    'Who',
    'Who e-mail',
    'Table',
    'Row id',
    'Label',
    'What',
    'Action',
    'Summary',
    'Before',
    'After',
  ]);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.slice(2, 9)).toEqual([
    admin.email,
    'profiles',
    member.id,
    member.fullName,
    'member',
    'update',
    `Granted admin to ${member.fullName}`,
  ]);
  expect(JSON.parse(rows[0]![10]!)).toEqual({ is_admin: true });
  await expect(page.getByText('1 changes exported.')).toBeVisible();
});

test('an admin cannot remove their own role, which is what keeps the last admin; another admin is removed after a confirmation', async ({
  page,
}) => {
  const colleague = await createMember({ admin: true, fullName: uniqueName('Grace') });
  const admin = await openAdminScreen(
    page,
    SCREEN,
    TITLE,
    await createMember({ admin: true, fullName: uniqueName('Tess') }),
  );

  // Their own row offers no removal: the one admin left is always the one signed in, so the screen never
  // reaches the last admin. The database refuses it anyway, and refuses their own row when called directly.
  const own = adminsTable(page).getByRole('row', { name: new RegExp(admin.fullName) });
  await expect(own).toContainText('You');
  await expect(own.getByRole('button')).toHaveCount(0);
  const direct = await clientOf(admin);
  const viaRpc = await direct.rpc('revoke_admin', { p_member_id: admin.id });
  expect(viaRpc.error?.message).toBe('You cannot change your own admin role.');
  const viaPatch = await direct.from('profiles').update({ is_admin: false }).eq('id', admin.id);
  expect(viaPatch.error?.message).toBe('You cannot change your own admin role.');

  const row = adminsTable(page).getByRole('row', { name: new RegExp(colleague.fullName) });
  await row.getByRole('button', { name: `Remove admin role from ${colleague.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the admin role?' });
  await expect(dialog).toContainText(colleague.fullName);
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Remove admin role from ${colleague.fullName}` }).click();
  await dialog.getByRole('button', { name: 'Remove admin role' }).click();
  await expect(page.getByText(`${colleague.fullName} is no longer an admin.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Search who or what').fill(colleague.fullName);
  await expect(auditTable(page).getByText(`Removed admin from ${colleague.fullName}`)).toBeVisible();
  await expect(own).toBeVisible();
});

test('a member who calls the team endpoints directly through supabase-js is refused every time', async () => {
  const member = await createMember({ fullName: uniqueName('Mallory') });
  const client = await clientOf(member);
  const calls = await Promise.all([
    client.rpc('admin_team'),
    client.rpc('grant_admin', { p_email: member.email }),
    client.rpc('revoke_admin', { p_member_id: member.id }),
    client.rpc('admin_audit_log', { search: member.fullName }),
  ]);
  for (const { data, error } of calls) {
    expect(error?.code).toBe('42501');
    expect(data).toBeNull();
  }
  const promote = await client.from('profiles').update({ is_admin: true }).eq('id', member.id);
  expect(promote.error?.code).toBe('42501');
  const forged = await client
    .from('audit_log')
    .insert({ actor_id: member.id, entity: 'profiles', entity_id: member.id, action: 'update' });
  expect(forged.error?.code).toBe('42501');
  expect((await client.from('audit_log').select('id')).data).toEqual([]);
  const { data: profile } = await client.from('profiles').select('is_admin').eq('id', member.id).single();
  expect(profile).toEqual({ is_admin: false });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the team screen and its confirmation pass axe in the ${theme} theme`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    await createMember({ admin: true, fullName: uniqueName('Colleague') });
    await openAdminScreen(page, SCREEN, TITLE);
    await expect(auditTable(page)).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('table', { name: 'Admins' }).getByRole('button').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('table', { name: 'Admins' }).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
