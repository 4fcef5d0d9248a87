import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Browser } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import {
  adminClient,
  createMember,
  sessionFor,
  signInPage,
  supabaseUrl,
  waitForMail,
  type TestMember,
} from '../helpers/e2e-backend';
import { downloadedCsv } from '../helpers/csv';
import { createEvent, daysFromToday, type TestEvent } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';

// /admin/forms and the dashboard's "Forms to fill": each test arranges its own event with two booked
// members (the e2e database is shared by parallel tests).

interface Arranged {
  event: TestEvent;
  filler: TestMember;
  late: TestMember;
  mark: string;
}

async function arrange(): Promise<Arranged> {
  const mark = randomUUID().slice(0, 8);
  const event = await createEvent({ title: `Forms Trip ${mark}`, startsIn: 30, nights: 2 });
  const filler = await createMember({ fullName: `Fay Filler ${mark}` });
  const late = await createMember({ fullName: `Lou Late ${mark}` });
  const service = adminClient();
  for (const [index, member] of [filler, late].entries()) {
    const booking = await service.from('bookings').insert({
      event_id: event.id,
      user_id: member.id,
      invoice_number: `FRM-${mark.toUpperCase()}-${index}`,
      total_cents: 100000,
    });
    if (booking.error) throw new Error(booking.error.message);
  }
  return { event, filler, late, mark };
}

/** A form made as the database stores it, for the tests that are not about building one. */
async function insertForm(event: TestEvent, title: string): Promise<string> {
  const { data, error } = await adminClient()
    .from('traveller_forms')
    .insert({
      event_id: event.id,
      title,
      due_date: daysFromToday(10),
      fields: [{ key: 'f1', label: 'Dietary needs', kind: 'text', required: true }],
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

async function memberPage(browser: Browser, member: TestMember) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPage(page, member);
  await page.goto('/dashboard');
  return { context, page };
}

test('an admin builds a form, a booked member fills it, the other is reminded and the answers export', async ({
  page,
  browser,
}) => {
  const { event, filler, late, mark } = await arrange();
  const title = `Trip details ${mark}`;
  await openAdminScreen(page, '/admin/forms', 'Traveller forms');

  // Bad input is named and nothing is created.
  await page.getByRole('button', { name: 'Create form' }).click();
  await expect(page.getByText('Choose the event.')).toBeVisible();
  await expect(page.getByText('Give the form a title (1 to 120 characters).')).toBeVisible();
  await expect(page.getByText('Write the question (1 to 120 characters).')).toBeVisible();

  await page.getByLabel('Event').selectOption(event.id);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByLabel('Due date').fill(daysFromToday(10));
  await page.getByLabel('Question 1 text').fill('Dietary needs');
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question 2 text').fill('Room');
  await page.getByLabel('Question 2 type').selectOption('choice');
  await page.getByLabel('Question 2 options, one a line').fill('Single');
  await page.getByRole('button', { name: 'Create form' }).click();
  await expect(page.getByText('A choice needs 2 to 10 different options, one a line.')).toBeVisible();
  await page.getByLabel('Question 2 options, one a line').fill('Single\nTwin');
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question 3 text').fill('Travel insurance');
  await page.getByLabel('Question 3 type').selectOption('yes_no');
  await page.getByRole('button', { name: 'Create form' }).click();
  await expect(page.getByText(`"${title}" is on its travellers' dashboards.`)).toBeVisible();

  // The booked member finds it on the dashboard as a task and fills it.
  const member = await memberPage(browser, filler);
  const task = member.page.locator(`[data-form-task="${title}"]`);
  await expect(task).toContainText(`${event.title} · due`);
  await expect(task).toContainText('To do');
  await task.getByRole('button', { name: `Fill in ${title}` }).click();
  await task.getByRole('button', { name: 'Send answers' }).click();
  await expect(task.getByRole('alert')).toHaveText('"Dietary needs" is required.');
  await task.getByLabel('Dietary needs (required)').fill('Vegetarian');
  await task.getByLabel('Room (required)').selectOption('Twin');
  await task.getByLabel('Yes').check();
  await task.getByRole('button', { name: 'Send answers' }).click();
  await expect(member.page.getByText(`Thank you: "${title}" is filled in.`)).toBeVisible();
  await expect(task).toContainText('Done');
  await member.context.close();

  // The admin sees who has not filled it, reminds them, and exports the answers.
  await page.reload();
  await page.getByRole('button', { name: `Travellers for ${title}, ${event.title}` }).click();
  const travellers = page.getByRole('table', { name: 'Travellers and their answers' });
  await expect(travellers.getByRole('row').filter({ hasText: late.email })).toContainText('Not filled');
  await expect(travellers.getByRole('row').filter({ hasText: filler.email })).not.toContainText('Not filled');
  await page.getByRole('button', { name: 'Remind 1 by e-mail' }).click();
  await expect(page.getByText('1 person reminded by e-mail.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reminders' })).toContainText(
    /Reminded 1 person on .+ by Test Admin/,
  );
  const mail = await waitForMail(late.email, new RegExp(`Reminder: ${title}`));
  expect(mail.subject).toContain(event.title);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`trip-details-${mark}-${daysFromToday(10)}.csv`);
  const [header, ...records] = await downloadedCsv(download);
  expect(header).toEqual(['Name', 'E-mail', 'Submitted', 'Dietary needs', 'Room', 'Travel insurance']);
  expect(records).toHaveLength(2);
  const filled = records.find((record) => record[1] === filler.email);
  expect(filled?.slice(3)).toEqual(['Vegetarian', 'Twin', 'Yes']);
  expect(records.find((record) => record[1] === late.email)?.slice(3)).toEqual(['', '', '']);
});

test('answers are private: others are refused, and a member calling the admin functions gets nothing', async () => {
  const { event, filler } = await arrange();
  const formId = await insertForm(event, `Private ${randomUUID().slice(0, 8)}`);
  const clientFor = async (member: TestMember) => {
    const session = await sessionFor(member);
    return createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY'] ?? '', {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    });
  };
  const booked = await clientFor(filler);
  const refused = await booked.rpc('submit_traveller_form', { p_form_id: formId, p_answers: { f1: '' } });
  expect(refused.error?.message).toBe('"Dietary needs" is required.');
  const sent = await booked.rpc('submit_traveller_form', { p_form_id: formId, p_answers: { f1: 'None' } });
  expect(sent.error).toBeNull();

  const stranger = await clientFor(await createMember());
  const notBooked = await stranger.rpc('submit_traveller_form', {
    p_form_id: formId,
    p_answers: { f1: 'x' },
  });
  expect(notBooked.error?.code).toBe('42501');
  expect((await stranger.from('traveller_form_responses').select('*').eq('form_id', formId)).data).toEqual(
    [],
  );
  expect((await stranger.from('traveller_forms').select('id').eq('id', formId)).data).toEqual([]);
  const status = await stranger.rpc('admin_traveller_form_status', { p_form_id: formId });
  expect(status.error?.code).toBe('42501');
  const remind = await stranger.rpc('remind_traveller_form', { p_form_id: formId });
  expect(remind.error?.code).toBe('42501');
  const create = await stranger.from('traveller_forms').insert({
    event_id: event.id,
    title: 'Sneaky',
    due_date: daysFromToday(5),
    fields: [{ key: 'f1', label: 'Q', kind: 'text', required: false }],
  });
  expect(create.error?.code).toBe('42501');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the forms screen and the dashboard task pass axe in the ${theme} theme`, async ({
    page,
    browser,
  }) => {
    const { event, filler, mark } = await arrange();
    const title = `Axe form ${mark}`;
    await insertForm(event, title);
    await useStoredTheme(page.context(), theme);
    await openAdminScreen(page, '/admin/forms', 'Traveller forms');
    await page.getByRole('button', { name: `Travellers for ${title}, ${event.title}` }).click();
    await expect(page.getByRole('table', { name: 'Travellers and their answers' })).toBeVisible();
    await page.getByLabel('Question 1 type').selectOption('choice');
    expect(await axeViolations(page)).toEqual([]);

    const context = await browser.newContext();
    await useStoredTheme(context, theme);
    const memberTab = await context.newPage();
    await signInPage(memberTab, filler);
    await memberTab.goto('/dashboard');
    const task = memberTab.locator(`[data-form-task="${title}"]`);
    await task.getByRole('button', { name: `Fill in ${title}` }).click();
    await expect(task.getByLabel('Dietary needs (required)')).toBeVisible();
    expect(await axeViolations(memberTab)).toEqual([]);
    await context.close();
  });
}
