import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import {
  adminClient,
  createMember,
  sessionFor,
  supabaseUrl,
  uniqueEmail,
  waitForMail,
} from '../helpers/e2e-backend';
import { useStoredTheme } from '../helpers/theme';

// /admin/waitlist: an admin marks a waitlist entry contacted, removes one (confirmed first), exports the
// trip's list, and answers a contact message by e-mail that reaches the enquirer; a member calling the
// same endpoints through supabase-js is refused. The database is shared: every row here has its own trip
// name or address, and each test looks only at its own.

/** Two people on a new trip's waitlist, in order of joining. */
async function arrangeWaitlist() {
  const trip = `Lantern walk ${randomUUID().slice(0, 8)}`;
  const people = [
    { full_name: 'Una Early', email: uniqueEmail('una') },
    { full_name: 'Dai Later', email: uniqueEmail('dai') },
  ];
  const service = adminClient();
  for (const [index, person] of people.entries()) {
    const { error } = await service.from('waitlist_submissions').insert({
      event_name: trip,
      ...person,
      created_at: new Date(Date.now() - (2 - index) * 60_000).toISOString(),
    });
    if (error) throw new Error(error.message);
  }
  return { trip, people };
}

test('an admin marks a waitlist entry contacted, removes another, and exports the list', async ({ page }) => {
  const { trip, people } = await arrangeWaitlist();
  await openAdminScreen(page, `/admin/waitlist?event=${encodeURIComponent(trip)}`, 'Waitlist and enquiries');
  const table = page.getByRole('table', { name: 'Waitlist entries' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel('Trip', { exact: true })).toHaveValue(trip);
  const first = rows.filter({ hasText: people[0]!.email });
  await expect(first.getByRole('cell').first()).toHaveText('1');
  await expect(first).toContainText('Waiting');
  // The header's button sorts on the server (by name: Dai before Una); the address and aria-sort say so.
  await table.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page).toHaveURL(/sort=full_name/);
  await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(rows.first()).toContainText(people[1]!.full_name);

  await first.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(page.getByText('Marked contacted')).toBeVisible();
  await expect(first).toContainText('Contacted');
  await expect(first.getByRole('button', { name: 'Mark not contacted' })).toBeVisible();
  const service = adminClient();
  const { data: marked } = await service
    .from('waitlist_submissions')
    .select('id, contacted_at')
    .eq('email', people[0]!.email)
    .single();
  expect(marked!.contacted_at).not.toBeNull();
  const { data: audit } = await service
    .from('audit_log')
    .select('action, after')
    .eq('entity', 'waitlist_submissions')
    .eq('entity_id', marked!.id);
  expect(audit).toEqual([{ action: 'update', after: { contacted_at: expect.any(String) } }]);

  const second = rows.filter({ hasText: people[1]!.email });
  await second.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this entry?' });
  await expect(dialog).toContainText(`Dai Later (${people[1]!.email})`);
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(rows).toHaveCount(2);
  await second.getByRole('button', { name: 'Remove' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText("Dai Later's entry was removed.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  const { data: left } = await service.from('waitlist_submissions').select('email').eq('event_name', trip);
  expect(left).toEqual([{ email: people[0]!.email }]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  await expect(page.getByText('1 waitlist entries exported.')).toBeVisible();
  const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(
    'Position,Trip,Joined,Name,E-mail,Phone,Notes,Trip news by e-mail,Offer,Offer detail,Contacted',
  );
  expect(lines.filter((line) => line !== '').slice(1)).toEqual([
    expect.stringMatching(new RegExp(`^1,${trip},.*,Una Early,${people[0]!.email},,,no,,,\\d{4}-`)),
  ]);
});

test('an admin replies to a contact message and the enquirer gets the e-mail', async ({ page }) => {
  const email = uniqueEmail('asker');
  const { error } = await adminClient()
    .from('contact_messages')
    .insert({ full_name: 'Ashe Asker', email, message: 'Is the lantern walk wheelchair friendly?' });
  if (error) throw new Error(error.message);
  await openAdminScreen(
    page,
    `/admin/waitlist?filter=contact&q=${encodeURIComponent(email)}`,
    'Waitlist and enquiries',
  );
  await expect(page.getByRole('link', { name: 'Contact messages' })).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('table', { name: 'Contact messages' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Unanswered');

  await row.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply to Ashe Asker' });
  await expect(dialog).toContainText('Is the lantern walk wheelchair friendly?');
  await dialog.getByLabel('Subject').fill('  ');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByText('Please enter a subject.')).toBeVisible();
  await expect(dialog.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');

  const subject = `About the lantern walk ${randomUUID().slice(0, 8)}`;
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Dear Ashe,\n\nYes: the whole route is step-free.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Your reply is on its way to ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Handled');

  const mail = await waitForMail(email, new RegExp(subject));
  expect(mail.text).toContain('Yes: the whole route is step-free.');
});

test('a member calling the enquiries endpoints directly is refused every time', async () => {
  const member = await createMember();
  const { trip } = await arrangeWaitlist();
  const service = adminClient();
  const { data: entries } = await service.from('waitlist_submissions').select('id').eq('event_name', trip);
  const id = entries![0]!.id as string;
  const session = await sessionFor(member);
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });

  for (const fn of ['admin_waitlist_entries', 'admin_interest_registrations', 'admin_contact_messages'])
    expect((await client.rpc(fn, {})).error?.code).toBe('42501');
  expect((await client.rpc('admin_enquiry_events', { kind: 'waitlist' })).error?.code).toBe('42501');
  const reply = await client.rpc('reply_to_enquiry', {
    kind: 'waitlist',
    enquiry_id: id,
    subject: 'Hello',
    body: 'A message nobody asked for.',
  });
  expect(reply.error?.code).toBe('42501');
  // Row-level security: the member sees, changes and removes nothing.
  expect((await client.from('waitlist_submissions').select('id').eq('id', id)).data).toEqual([]);
  const update = await client
    .from('waitlist_submissions')
    .update({ contacted_at: new Date().toISOString() })
    .eq('id', id)
    .select('id');
  expect(update.data ?? []).toEqual([]);
  const removal = await client.from('waitlist_submissions').delete().eq('id', id).select('id');
  expect(removal.data ?? []).toEqual([]);
  const { data: still } = await service.from('waitlist_submissions').select('contacted_at').eq('id', id);
  expect(still).toEqual([{ contacted_at: null }]);
});

for (const theme of ['light', 'dark'] as const)
  test(`the three lists and the reply dialog pass axe in the ${theme} theme`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    const { trip } = await arrangeWaitlist();
    await openAdminScreen(
      page,
      `/admin/waitlist?event=${encodeURIComponent(trip)}`,
      'Waitlist and enquiries',
    );
    await expect(page.getByRole('table', { name: 'Waitlist entries' }).locator('tbody tr')).toHaveCount(2);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Reply' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Reply to Una Early' });
    await expect(dialog.getByLabel('Subject')).toHaveValue(`Your place on the ${trip} waitlist`);
    expect(await axeViolations(page, dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    for (const [tab, caption] of [
      ['Interest', 'Interest registrations'],
      ['Contact messages', 'Contact messages'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Enquiry lists' }).getByRole('link', { name: tab }).click();
      await expect(page.getByRole('table', { name: caption })).toBeVisible();
      await expect(page.getByRole('table', { name: caption })).toHaveAttribute('aria-busy', 'false');
      expect(await axeViolations(page)).toEqual([]);
    }
  });
