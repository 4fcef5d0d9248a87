import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { downloadedCsv } from '../helpers/csv';
import { adminClient, createMember, sessionFor, signInPage, supabaseUrl } from '../helpers/e2e-backend';
import { createEvent, openEventsCard } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';

// /admin/moderation (issue 11): a member reports a comment; an admin finds it in the queue and hides it, and
// it disappears from another member's open page without a reload; the admin suspends the author, whose next
// comment the database refuses with the date; the queue is a paged table whose search and filter live in the
// address, with a CSV export; members calling the same endpoints are refused. Each test has a trip of its own
// on the shared stack, and searches the queue for its own posts.

test('a reported comment is hidden for every member live, and its suspended author is refused with the date', async ({
  page,
  browser,
}) => {
  const mark = randomUUID().slice(0, 8);
  const { id: eventId, title } = await createEvent({ title: 'Moderated trip' });
  const author = await createMember({ fullName: `Abe Author ${mark}` });
  const reporter = await createMember({ fullName: `Rhea Reporter ${mark}` });
  const { data: inserted, error } = await adminClient()
    .from('comments')
    .insert({ event_id: eventId, user_id: author.id, content: `Spam here ${mark}` })
    .select('id')
    .single();
  if (error) throw new Error(error.message);

  // The reporter reports it from /events, and keeps the page open.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, reporter);
  const trip = await openEventsCard(memberPage, title);
  await trip.getByRole('button', { name: `Report comment by Abe Author ${mark}` }).click();
  const reportDialog = memberPage.getByRole('dialog', { name: 'Report this comment' });
  await reportDialog.getByLabel('Reason (optional)').fill('Selling things');
  await reportDialog.getByRole('button', { name: 'Report' }).click();
  await expect(memberPage.getByText('Report sent', { exact: true })).toBeVisible();
  await expect(trip.getByText(`Spam here ${mark}`)).toBeVisible();

  // The admin sees who reported it, why and when, and hides it (confirmed first).
  await openAdminScreen(page, '/admin/moderation', 'Moderation');
  await page.getByLabel('Search posts, authors or events').fill(mark);
  await expect(page).toHaveURL(new RegExp(`q=${mark}`));
  const table = page.getByRole('table', { name: 'Reported posts' });
  const card = table.getByRole('row').filter({ hasText: `Spam here ${mark}` });
  await expect(card).toContainText(`Abe Author ${mark}`);
  await expect(card).toContainText(title);
  // Sorting by keyboard: the header's button, its state in the address and in aria-sort (a count sorts
  // most first).
  await table.getByRole('button', { name: 'Reports', exact: true }).press('Enter');
  await expect(page).toHaveURL(/sort=reports&dir=desc|dir=desc&sort=reports/);
  await expect(table.getByRole('columnheader', { name: 'Reports', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(card).toContainText(`Rhea Reporter ${mark}`);
  await expect(card).toContainText('Selling things');
  await expect(card).toContainText('1 report');
  await card
    .getByRole('group', { name: `Actions for the comment by Abe Author ${mark}` })
    .getByRole('button', { name: 'Hide' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Hide this post?' });
  await confirm.getByRole('button', { name: 'Hide it' }).click();
  await expect(page.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible();

  // Gone from the reporter's open page, without a reload (the comment_removals live path).
  await expect(trip.getByText(`Spam here ${mark}`)).toHaveCount(0, { timeout: 15_000 });
  const { data: audit } = await adminClient()
    .from('audit_log')
    .select('action, after')
    .eq('entity', 'comments')
    .eq('entity_id', inserted.id);
  expect(audit).toEqual([{ action: 'update', after: { is_deleted: true } }]);

  // The admin suspends the author for a week.
  await card.getByRole('button', { name: 'Suspend author' }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend Abe Author ${mark} from commenting` });
  await suspend.getByLabel('For how long').selectOption('7');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Member suspended', { exact: true })).toBeVisible();
  await expect(card).toContainText('Suspended until');

  // The author's next comment is refused, saying until when; what they wrote stays in the box.
  const authorContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  await signInPage(authorPage, author);
  const authorTrip = await openEventsCard(authorPage, title);
  await authorTrip.getByLabel('Add a comment').fill('Let me back in');
  await authorTrip.getByRole('button', { name: 'Post comment' }).click();
  await expect(authorPage.getByText('Failed to post comment')).toBeVisible();
  await expect(
    authorPage.getByText(
      /^You are suspended from commenting until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m \(Sydney time\)\.$/,
    ),
  ).toBeVisible();
  await expect(authorTrip.getByLabel('Add a comment')).toHaveValue('Let me back in');

  // Dismissing the report takes it out of the queue.
  await card.getByRole('button', { name: 'Dismiss reports' }).click();
  await page
    .getByRole('dialog', { name: 'Dismiss the reports?' })
    .getByRole('button', { name: 'Dismiss reports' })
    .click();
  await expect(page.getByText('Reports dismissed', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(table).toContainText('No posts match this search.');

  // Still hidden: the 'Hidden posts' filter finds it (in the address too), and the export has it.
  await page.getByLabel('Show').selectOption('hidden');
  await expect(page).toHaveURL(/filter=hidden/);
  await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(card).toContainText('0 reports');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const rows = await downloadedCsv(await download);
  expect(rows[0]?.slice(0, 8)).toEqual([
    'Kind',
    'Author',
    'Event',
    'Text',
    'Posted',
    'Hidden',
    'Pinned',
    'Reports',
  ]);
  expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[5], row[7]])).toEqual([
    ['Comment', `Abe Author ${mark}`, title, `Spam here ${mark}`, 'Yes', '0'],
  ]);
  await memberContext.close();
  await authorContext.close();
});

test('a member calling the moderation endpoints directly is refused every time', async () => {
  const member = await createMember();
  const session = await sessionFor(member);
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  const queue = await client.rpc('admin_moderation_queue');
  expect(queue.error?.code).toBe('42501');
  const hide = await client.rpc('moderate_comment', {
    kind: 'comment',
    target_id: randomUUID(),
    action: 'hide',
  });
  expect(hide.error?.code).toBe('42501');
  const suspend = await client.rpc('suspend_commenter', {
    member_id: member.id,
    until: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(suspend.error?.code).toBe('42501');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the moderation screen passes axe in the ${theme} theme`, async ({ page, context }) => {
    // A reported comment of its own, so the queue's rows are what axe checks.
    const mark = randomUUID().slice(0, 8);
    const { id: eventId, title } = await createEvent({ title: 'Axe trip' });
    const [author, reporter] = [await createMember({ fullName: `Axe Author ${mark}` }), await createMember()];
    const service = adminClient();
    const { data: comment } = await service
      .from('comments')
      .insert({ event_id: eventId, user_id: author.id, content: 'Checked by axe' })
      .select('id')
      .single();
    await service
      .from('comment_flags')
      .insert({ user_id: reporter.id, comment_id: comment!.id, reason: 'Test' });
    await useStoredTheme(context, theme);
    await openAdminScreen(page, '/admin/moderation', 'Moderation');
    await page.getByLabel('Search posts, authors or events').fill(mark);
    await expect(page.getByRole('row').filter({ hasText: `Axe Author ${mark}` })).toContainText(title);
    expect(await axeViolations(page)).toEqual([]);
  });
}
