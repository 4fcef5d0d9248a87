import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomInt } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, supabaseUrl, type TestMember } from '../helpers/e2e-backend';
import { useStoredTheme } from '../helpers/theme';
import { downloadedCsv } from '../helpers/csv';

// /admin/customers, /admin/customers/{id} and /customer/{id} for admins (issue 10, decision 0034). The e2e
// database is shared: every test makes its own customers under a unique tag and searches for them.

/** Two members and an enquirer (a contact message from an address with no account) under one tag. */
async function customersTagged(): Promise<{ tag: string; members: TestMember[]; enquirer: string }> {
  // Digits only, so the links below (?q=<tag>) also prove that a search that looks like a number stays text.
  const tag = String(randomInt(1e9, 1e10));
  const members = [
    await createMember({ fullName: `Ada Csv ${tag}` }),
    await createMember({ fullName: `Bea "Quote", Csv ${tag}` }),
  ];
  const enquirer = `enquirer-${tag}@example.org`;
  const { error } = await adminClient()
    .from('contact_messages')
    .insert({ full_name: `Cy Csv ${tag}`, email: enquirer, message: 'Do you run trips in winter?' });
  if (error) throw new Error(error.message);
  return { tag, members, enquirer };
}

test('exports a customers CSV that parses with the right rows', async ({ page }) => {
  const { tag, members, enquirer } = await customersTagged();
  await openAdminScreen(page, '/admin/customers', 'Customers');
  await page.getByLabel('Search by name or e-mail').fill(`csv ${tag}`);
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByText('1–3 of 3')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=csv(\\+|%20)${tag}`));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('3 customers exported.')).toBeVisible();
  const [header, ...rows] = await downloadedCsv(download);
  expect(header).toEqual(['Name', 'E-mail', 'Tier', 'Joined', 'Bookings', 'Last activity', 'Customer id']);
  expect(rows.map((row) => [row[0], row[1], row[2], row[4], row[6]]).sort()).toEqual(
    [
      [`Ada Csv ${tag}`, members[0]!.email.toLowerCase(), 'VIP Member', '0', members[0]!.id],
      [`Bea "Quote", Csv ${tag}`, members[1]!.email.toLowerCase(), 'VIP Member', '0', members[1]!.id],
      [`Cy Csv ${tag}`, enquirer, 'Enquirer', '0', enquirer],
    ].sort(),
  );
});

test("an admin opens a member's record, changes the tier, adds and deletes a note; /customer/{id} shows it too", async ({
  page,
}) => {
  const { tag, members } = await customersTagged();
  const member = members[0]!;
  await openAdminScreen(page, `/admin/customers?q=${tag}&sort=name&dir=asc`, 'Customers');
  await page.getByRole('link', { name: `Ada Csv ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Ada Csv ${tag}`, level: 2 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${member.id}$`));

  await page.getByLabel('Membership tier').selectOption('next_room');
  await page.getByRole('button', { name: 'Save tier' }).click();
  await expect(page.getByText(`Ada Csv ${tag} is now a Next Room Member.`)).toBeVisible();

  // A blank note is refused with a message and nothing is saved.
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Please enter your note.')).toBeVisible();
  await expect(page.getByText('No notes yet.')).toBeVisible();
  await page.getByLabel('New note').fill('Asked about the Port Arthur trip');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  await expect(page.getByText('Asked about the Port Arthur trip')).toBeVisible();

  const { data: audit } = await adminClient()
    .from('audit_log')
    .select('entity, action')
    .in('entity_id', [member.id])
    .eq('entity', 'profiles');
  expect(audit).toEqual([{ entity: 'profiles', action: 'update' }]);

  await page.getByRole('button', { name: 'Delete note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this note?' });
  await dialog.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByText('Note deleted')).toBeVisible();
  await expect(page.getByText('No notes yet.')).toBeVisible();

  await page.goto(`/customer/${member.id}`);
  await expect(page.getByRole('heading', { name: `Ada Csv ${tag}`, level: 2 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: /Notes by staff/, level: 3 })).toBeVisible();
  await expect(page.getByText('Next Room Member', { exact: true }).first()).toBeVisible();
});

test('the list narrows to enquirers, and an enquirer opens by e-mail address', async ({ page }) => {
  const { tag, enquirer } = await customersTagged();
  await openAdminScreen(page, `/admin/customers?q=${tag}`, 'Customers');
  const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await page.getByLabel('Show').selectOption('enquirers');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/filter=enquirers/);
  await page.getByRole('link', { name: `Cy Csv ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Cy Csv ${tag}`, level: 2 })).toBeVisible();
  await expect(page.getByText('Do you run trips in winter?')).toBeVisible();
  await expect(page.getByText(enquirer, { exact: true })).toBeVisible();
});

test('a member calling the customers endpoints directly through supabase-js is refused every time', async () => {
  const member = await createMember({ fullName: 'Nosy Member' });
  const other = await createMember({ fullName: 'Other Member' });
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword(member);
  expect(signInError).toBeNull();
  const calls = [
    await client.rpc('admin_customers', {}),
    await client.rpc('admin_customers', { search: 'a', sort: 'name', direction: 'asc', page_size: 1000 }),
    await client.rpc('admin_customer', { customer: other.id }),
    await client.rpc('admin_customer', { customer: member.id }),
    await client.from('customer_notes').insert({ customer_id: other.id, body: 'Sneaky' }),
    await client.from('profiles').update({ membership_tier: 'next_room' }).eq('id', member.id),
  ];
  expect(calls.map((call) => call.error?.code)).toEqual(Array(calls.length).fill('42501'));
  expect(calls.every((call) => call.data === null)).toBe(true);
  const { data: notes } = await client.from('customer_notes').select('id');
  expect(notes).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the customers screens pass axe (${theme})`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    const { tag } = await customersTagged();
    await openAdminScreen(page, `/admin/customers?q=${tag}`, 'Customers');
    await expect(page.getByRole('table', { name: 'Customers' }).locator('tbody tr')).toHaveCount(3);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: `Ada Csv ${tag}` }).click();
    await expect(page.getByRole('heading', { name: /Notes by staff/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
