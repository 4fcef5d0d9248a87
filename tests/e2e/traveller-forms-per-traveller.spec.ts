import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage, waitForMail, type TestMember } from '../helpers/e2e-backend';
import { downloadedCsv } from '../helpers/csv';
import { createEvent, daysFromToday, type TestEvent } from '../helpers/events';

// A form each traveller answers (decision 0045): the booking holder answers once per person named on their
// booking; the admin sees one row per person, reminds whoever still has something to do, and exports one
// CSV row per traveller.

/** A booking for `places` people on `event`, naming `names` (the member's own travellers). */
async function book(event: TestEvent, member: TestMember, places: number, names: string[], mark: string) {
  const service = adminClient();
  const booking = await service
    .from('bookings')
    .insert({
      event_id: event.id,
      user_id: member.id,
      invoice_number: `PT-${mark}-${member.id.slice(0, 4)}`.toUpperCase(),
      total_cents: 100000,
      travellers: places,
    })
    .select('id')
    .single();
  if (booking.error) throw new Error(booking.error.message);
  for (const name of names) {
    const traveller = await service
      .from('travellers')
      .insert({ user_id: member.id, full_name: name })
      .select('id')
      .single();
    if (traveller.error) throw new Error(traveller.error.message);
    const link = await service
      .from('booking_travellers')
      .insert({ booking_id: booking.data.id, traveller_id: traveller.data.id });
    if (link.error) throw new Error(link.error.message);
  }
}

test('a form each traveller answers: filled for both named travellers, one row each, reminders and CSV', async ({
  page,
  browser,
}) => {
  test.slow(); // two bookings, a form filled for each traveller, an edit, reminders and a CSV: some 45 steps
  const mark = randomUUID().slice(0, 8);
  const event = await createEvent({ title: `Passport Trip ${mark}`, startsIn: 40, nights: 3 });
  const holder = await createMember({ fullName: `Hana Holder ${mark}` });
  const late = await createMember({ fullName: `Lee Late ${mark}` });
  await book(event, holder, 2, [`Bea Traveller ${mark}`, `Cy Traveller ${mark}`], mark);
  await book(event, late, 2, [`Dee Traveller ${mark}`], mark);
  const title = `Passport details ${mark}`;

  // The admin builds the form, answered by each traveller.
  await openAdminScreen(page, '/admin/forms', 'Traveller forms');
  await page.getByLabel('Event').selectOption(event.id);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByLabel('Due date').fill(daysFromToday(14));
  await page.getByLabel('Answered by').selectOption('traveller');
  await page.getByLabel('Question 1 text').fill('Name as on passport');
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question 2 text').fill('Seat');
  await page.getByLabel('Question 2 type').selectOption('choice');
  await page.getByLabel('Question 2 options, one a line').fill('Window\nAisle');
  await page.getByRole('button', { name: 'Create form' }).click();
  await expect(page.getByText(`"${title}" is on its travellers' dashboards.`)).toBeVisible();

  // The holder answers once for each traveller named on the booking.
  const context = await browser.newContext();
  const memberTab = await context.newPage();
  await signInPage(memberTab, holder);
  await memberTab.goto('/dashboard');
  const task = memberTab.locator(`[data-form-task="${title}"]`);
  await expect(task).toContainText('Each traveller on your booking answers this form.');
  for (const [name, seat] of [
    [`Bea Traveller ${mark}`, 'Window'],
    [`Cy Traveller ${mark}`, 'Aisle'],
  ] as const) {
    await task.getByRole('button', { name: `Fill in for ${name}` }).click();
    const sheet = task.getByRole('form', { name: `${title} for ${name}` });
    if (seat === 'Window') expect(await axeViolations(memberTab)).toEqual([]);
    await sheet.getByLabel('Name as on passport (required)').fill(name.toUpperCase());
    await sheet.getByLabel('Seat (required)').selectOption(seat);
    await sheet.getByRole('button', { name: 'Send answers' }).click();
    await expect(memberTab.getByText(`Thank you: "${title}" is filled in for ${name}.`)).toBeVisible();
    await expect(task.getByRole('button', { name: `Change ${name}'s answers` })).toBeVisible();
  }
  await expect(task).toContainText('Done');
  await context.close();

  // The other member has a place nobody is named for: the task sends them to Manage booking first.
  const lateContext = await browser.newContext();
  const lateTab = await lateContext.newPage();
  await signInPage(lateTab, late);
  await lateTab.goto('/dashboard');
  const lateTask = lateTab.locator(`[data-form-task="${title}"]`);
  await expect(lateTask).toContainText('One place on your booking has nobody named yet.');
  await expect(
    lateTask.getByRole('link', { name: 'Name your travellers on Manage booking' }),
  ).toHaveAttribute('href', '/manage-booking');
  expect(await axeViolations(lateTab)).toEqual([]);
  await lateContext.close();

  // The admin sees one row per traveller, reminds the member with something to do, and sees the history.
  await page.reload();
  await page.getByRole('button', { name: `Travellers for ${title}, ${event.title}` }).click();
  const people = page.getByRole('table', { name: 'Travellers and their answers' });
  await expect(people.getByRole('row').filter({ hasText: `Bea Traveller ${mark}` })).not.toContainText(
    'Not filled',
  );
  await expect(people.getByRole('row').filter({ hasText: `Cy Traveller ${mark}` })).not.toContainText(
    'Not filled',
  );
  await expect(people.getByRole('row').filter({ hasText: `Dee Traveller ${mark}` })).toContainText(
    'Not filled',
  );
  await expect(people.getByRole('row').filter({ hasText: '1 not named yet' })).toContainText(
    'Travellers not named yet',
  );
  await page.getByRole('button', { name: 'Remind 1 by e-mail' }).click();
  await expect(page.getByText('1 person reminded by e-mail.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reminders' })).toContainText(
    /Reminded 1 person on .+ by Test Admin/,
  );
  const mail = await waitForMail(late.email, new RegExp(`Reminder: ${title}`));
  expect(mail.subject).toContain(event.title);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [header, ...records] = await downloadedCsv(await downloading);
  expect(header).toEqual(['Traveller', 'Booked by', 'E-mail', 'Submitted', 'Name as on passport', 'Seat']);
  expect(records.map((record) => [record[0], record[1], record[4], record[5]]).sort()).toEqual([
    [`Bea Traveller ${mark}`, holder.fullName, `BEA TRAVELLER ${mark.toUpperCase()}`, 'Window'],
    [`Cy Traveller ${mark}`, holder.fullName, `CY TRAVELLER ${mark.toUpperCase()}`, 'Aisle'],
    [`Dee Traveller ${mark}`, late.fullName, '', ''],
  ]);

  // Editing the answered form: a question with answers cannot go; the title and a new optional one can.
  await page.getByRole('button', { name: `Edit ${title}, ${event.title}` }).click();
  const editor = page.getByRole('region', { name: `Edit ${title}` });
  await editor.getByRole('button', { name: 'Remove question 1' }).click();
  await editor.getByRole('button', { name: 'Save form' }).click();
  await expect(editor.getByRole('alert')).toHaveText(
    '"Name as on passport" has answers, so it cannot be removed.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await editor.getByRole('button', { name: 'Close the editor' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'New form' })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}, ${event.title}` }).click();
  await editor.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} v2`);
  await editor.getByRole('button', { name: 'Add a question' }).click();
  await editor.getByLabel('Question 3 text').fill('Visa number');
  await expect(editor.getByLabel('Required').nth(2)).not.toBeChecked();
  await editor.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText(`"${title} v2" is up to date.`)).toBeVisible();
  const list = page.getByRole('table', { name: 'Traveller forms' });
  await expect(list).toContainText(`${title} v2`);

  // The list searches by title on the server and keeps the search in the address.
  await page.getByLabel('Search forms by title').fill(`${mark} v2`);
  await expect(page).toHaveURL(new RegExp(`q=${mark}`));
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('navigation', { name: 'Traveller forms pages' })).toContainText('1–1 of 1');
});
