import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { downloadedCsv } from '../helpers/csv';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, sessionFor, signInPage, supabaseUrl } from '../helpers/e2e-backend';
import { createEvent } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';

// /admin/polls and the member's side: an admin creates a poll for all members, a member votes once on the
// dashboard and sees the results, a second vote is refused by the database, and the admin's results update
// live (Realtime on poll_votes, no polling). The list is a paged table whose search lives in the address. The
// database is shared: each poll has its own question and each test searches for its own.

/** `datetime-local` text for a day from now, in this machine's (and the browser's) time zone. */
function tomorrowLocal(): string {
  const at = new Date(Date.now() + 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** supabase-js signed in as `member`, as the site would be. */
async function memberApi(member: { email: string; password: string }) {
  const session = await sessionFor(member);
  return createClient(supabaseUrl(), process.env.E2E_SUPABASE_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
}

test('an admin creates a poll; a member votes once and sees the results; the admin sees them live', async ({
  page,
  browser,
}) => {
  const question = `Which haunt next ${randomUUID().slice(0, 8)}?`;
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await openAdminScreen(page, '/admin/polls', 'Polls');
  const form = page.getByRole('form', { name: 'New poll' });
  await form.getByRole('button', { name: 'Create poll' }).click();
  // Each error by its field, tied to it for screen readers.
  await expect(form.getByText('Please enter the question.')).toBeVisible();
  await expect(form.getByLabel('Question')).toHaveAccessibleDescription('Please enter the question.');
  await expect(form.getByLabel('Option 2', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Please enter the option, or remove it.')).toHaveCount(2);
  await expect(form.getByText('Please choose when the poll closes.')).toBeVisible();

  await form.getByLabel('Question').fill(question);
  await form.getByLabel('Option 1', { exact: true }).fill('Castle');
  await form.getByLabel('Option 2', { exact: true }).fill('Asylum');
  await form.getByRole('button', { name: 'Add option' }).click();
  await form.getByLabel('Option 3', { exact: true }).fill('Gaol');
  await form.getByLabel('Closes').fill(tomorrowLocal());
  await form.getByRole('button', { name: 'Create poll' }).click();
  await expect(page.getByText('Poll created')).toBeVisible();
  await expect(form.getByLabel('Question')).toHaveValue('');
  await page.getByLabel('Search questions or events').fill(question);
  await expect(page).toHaveURL(/q=Which/);
  const adminCard = page
    .getByRole('table', { name: 'All polls' })
    .getByRole('row')
    .filter({ hasText: question });
  await expect(adminCard).toContainText('All members');
  await expect(adminCard).toContainText('Open');
  await expect(adminCard).toContainText('0 votes in all');

  const member = await createMember({ fullName: 'Poll Voter' });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto('/dashboard');
  const card = memberPage.getByRole('article', { name: question });
  await card.getByRole('button', { name: 'Vote' }).click();
  await expect(card.getByText('Please choose an option.')).toBeVisible();
  await card.getByLabel('Asylum').check();
  await card.getByRole('button', { name: 'Vote' }).click();
  await expect(memberPage.getByText('Vote counted')).toBeVisible();
  await expect(card.getByText('Asylum (your vote)')).toBeVisible();
  await expect(card).toContainText('1 vote in all');
  await expect(card.getByRole('button', { name: 'Vote' })).toHaveCount(0);

  // A second vote, sent straight to the API, is refused by the database: one vote per member per poll.
  const { data: poll } = await adminClient().from('polls').select('id').eq('question', question).single();
  const api = await memberApi(member);
  const second = await api.from('poll_votes').insert({ poll_id: poll!.id, option_index: 0 });
  expect(second.error?.code).toBe('23505');
  expect(second.error?.message).toBe('You have already voted in this poll.');
  const { count } = await adminClient()
    .from('poll_votes')
    .select('*', { count: 'exact', head: true })
    .eq('poll_id', poll!.id);
  expect(count).toBe(1);

  // The admin's open screen hears the vote over Realtime and reads again: it shows without a reload.
  await expect(adminCard).toContainText('1 vote in all', { timeout: 15_000 });
  expect(sockets.filter((url) => url.includes('/realtime/v1/websocket'))).toHaveLength(1);
  await memberContext.close();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const rows = await downloadedCsv(await download);
  expect(rows[0]).toEqual(['Question', 'For', 'Closes', 'State', 'Option', 'Votes']);
  expect(rows.filter((row) => row[0] === question).map((row) => [row[1], row[4], row[5]])).toEqual([
    ['All members', 'Castle', '0'],
    ['All members', 'Asylum', '1'],
    ['All members', 'Gaol', '0'],
  ]);
});

test("an event's poll is voted on the event's page", async ({ page, browser }) => {
  const event = await createEvent({ title: 'Poll trip' });
  const question = `Torch or lantern ${randomUUID().slice(0, 8)}?`;
  await openAdminScreen(page, '/admin/polls', 'Polls');
  const form = page.getByRole('form', { name: 'New poll' });
  await expect(form.locator(`option[value="${event.id}"]`)).toHaveCount(1);
  await form.getByLabel('For').selectOption(event.id);
  await form.getByLabel('Question').fill(question);
  await form.getByLabel('Option 1', { exact: true }).fill('Torch');
  await form.getByLabel('Option 2', { exact: true }).fill('Lantern');
  await form.getByLabel('Closes').fill(tomorrowLocal());
  await form.getByRole('button', { name: 'Create poll' }).click();
  await expect(page.getByText('Poll created')).toBeVisible();
  await page.getByLabel('Search questions or events').fill(event.title);
  await expect(page.getByRole('row').filter({ hasText: question })).toContainText(event.title);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, await createMember());
  await memberPage.goto(`/event-details/${event.slug}`);
  const card = memberPage.getByRole('article', { name: question });
  await card.getByLabel('Lantern').check();
  await card.getByRole('button', { name: 'Vote' }).click();
  await expect(card.getByText('Lantern (your vote)')).toBeVisible();
  await expect(card).toContainText('1 vote in all');
  await memberContext.close();
});

test('a member calling the admin endpoints directly is refused', async () => {
  const member = await createMember();
  const api = await memberApi(member);
  const created = await api.from('polls').insert({
    question: 'Sneaky?',
    options: ['A', 'B'],
    closes_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(created.error?.code).toBe('42501');
  expect((await api.rpc('admin_polls')).error?.code).toBe('42501');
  const { data: someone } = await adminClient().from('polls').select('id').limit(1);
  for (const row of someone ?? []) {
    const closed = await api
      .from('polls')
      .update({ closes_at: new Date().toISOString() })
      .eq('id', row.id)
      .select();
    expect(closed.data ?? []).toEqual([]);
    const deleted = await api.from('polls').delete().eq('id', row.id).select();
    expect(deleted.data ?? []).toEqual([]);
  }
});

for (const theme of ['light', 'dark'] as const)
  test(`the polls screen and the member's poll pass axe in the ${theme} theme`, async ({
    page,
    context,
    browser,
  }) => {
    await useStoredTheme(context, theme);
    const question = `Axe poll ${randomUUID().slice(0, 8)}?`;
    const { error } = await adminClient()
      .from('polls')
      .insert({
        question,
        options: ['Yes', 'No'],
        closes_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
    expect(error).toBeNull();
    await openAdminScreen(page, '/admin/polls', 'Polls');
    await page.getByLabel('Search questions or events').fill(question);
    await expect(page.getByRole('row').filter({ hasText: question })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const memberContext = await browser.newContext();
    await useStoredTheme(memberContext, theme);
    const memberPage = await memberContext.newPage();
    await signInPage(memberPage, await createMember());
    await memberPage.goto('/dashboard');
    const card = memberPage.getByRole('article', { name: question });
    await expect(card).toBeVisible();
    expect(await axeViolations(memberPage, memberPage.locator('section', { has: card }))).toEqual([]);
    await memberContext.close();
  });
