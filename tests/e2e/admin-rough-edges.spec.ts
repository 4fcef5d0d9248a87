import { expect, test, type Page } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { collectConsoleProblems } from '../helpers/console';
import { adminClient, createMember, uniqueEmail } from '../helpers/e2e-backend';
import { createEvent, daysFromToday, type TestEvent } from '../helpers/events';

// Issue 20's rough edges in the admin area (decision 0063): departed events read 'Completed' and pickers
// offer upcoming events first (or only); an update shows who it will reach before it is sent; the rich-text
// editor breaks no Content-Security-Policy rule; the customers table is whole on a phone.

/** A published event that ended yesterday (Sydney's day), as members already see it: completed. */
async function endedEvent(title: string): Promise<TestEvent> {
  const mark = randomUUID().slice(0, 8);
  const { data, error } = await adminClient()
    .from('events')
    .insert({
      slug: `ended-${mark}`,
      title: `${title} ${mark}`,
      status: 'published',
      start_date: daysFromToday(-4),
      end_date: daysFromToday(-1),
    })
    .select('id, slug, title')
    .single();
  if (error) throw new Error(error.message);
  return data as TestEvent;
}

async function follow(eventId: string, consent: boolean) {
  const member = await createMember({
    email: uniqueEmail(consent ? 'fan' : 'quiet'),
    fullName: 'Fan Member',
  });
  const service = adminClient();
  const updated = await service.from('profiles').update({ marketing_consent: consent }).eq('id', member.id);
  if (updated.error) throw new Error(updated.error.message);
  const followed = await service.from('event_follows').insert({ user_id: member.id, event_id: eventId });
  if (followed.error) throw new Error(followed.error.message);
}

const optionTexts = (page: Page, selector: string) =>
  page.locator(selector).evaluate((select: HTMLSelectElement) =>
    [...select.options].map((option) => ({
      text: option.text,
      group: option.parentElement instanceof HTMLOptGroupElement ? option.parentElement.label : '',
    })),
  );

test('an event whose last day has passed reads Completed in the list and its tab, and pickers put upcoming first', async ({
  page,
}) => {
  const tag = `Retire ${randomInt(1e6, 1e7)}`;
  const ended = await endedEvent(`${tag} Gaol`);
  const upcoming = await createEvent({ title: `${tag} Manor`, startsIn: 20 });

  await openAdminScreen(page, `/admin/events?q=${encodeURIComponent(tag)}`, 'Events');
  const table = page.getByRole('table', { name: 'Events' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const row = (event: TestEvent) => table.locator('tbody tr').filter({ hasText: event.title });
  await expect(row(ended).getByRole('cell').nth(3)).toHaveText('Completed');
  await expect(row(upcoming).getByRole('cell').nth(3)).toHaveText('Published');

  const tabs = page.getByRole('group', { name: 'Show events' });
  await tabs.getByRole('button', { name: 'Completed' }).click();
  await expect(page.getByRole('table', { name: 'Events: completed' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Events: completed' })).toContainText(ended.title);
  await tabs.getByRole('button', { name: 'Published' }).click();
  const published = page.getByRole('table', { name: 'Events: published' });
  await expect(published.locator('tbody tr')).toHaveCount(1);
  await expect(published).toContainText(upcoming.title);

  // Sending an update: upcoming events first, the ended one under Completed.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Event updates' }).click();
  const form = page.getByRole('form', { name: 'New update' });
  await expect(form.getByLabel('Event').locator('option', { hasText: ended.title })).toHaveCount(1);
  const updateOptions = await optionTexts(page, 'form[aria-label="New update"] select');
  const endedOption = updateOptions.findIndex((option) => option.text.includes(ended.title));
  const upcomingOption = updateOptions.findIndex((option) => option.text.includes(upcoming.title));
  expect(updateOptions[endedOption]?.group).toBe('Completed');
  expect(updateOptions[upcomingOption]?.group).toBe('Upcoming and running');
  expect(upcomingOption).toBeLessThan(endedOption);

  // A traveller form is for people about to travel: only events still to run are offered.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Traveller forms' })
    .click();
  const formEvent = page.getByRole('combobox', { name: 'Event' });
  await expect(formEvent.locator('option', { hasText: upcoming.title })).toHaveCount(1);
  await expect(formEvent.locator('option', { hasText: ended.title })).toHaveCount(0);
});

test('the update screen says who it will reach before the send, and asks again before sending to nobody', async ({
  page,
}) => {
  const event = await createEvent({ title: 'Reach Asylum' });
  await follow(event.id, true);
  await follow(event.id, false);
  const empty = await createEvent({ title: 'Nobody Follows Hall' });

  await openAdminScreen(page, '/admin/event-updates', 'Event updates');
  const form = page.getByRole('form', { name: 'New update' });
  const reach = form.getByTestId('update-reach');
  await expect(reach).toHaveText('Choose an event to see who this update will reach.');
  await form.getByLabel('Event').selectOption(event.id);
  await form.getByRole('radio', { name: 'Followers' }).check();
  await expect(reach).toHaveText('This update will reach 2 members in-app and 1 by e-mail.');
  await form.getByRole('radio', { name: 'Travellers booked' }).check();
  await expect(reach).toHaveText(
    'This update will reach nobody: no member is in this group and no e-mail will be sent.',
  );
  await form.getByRole('radio', { name: 'Followers' }).check();
  await expect(reach).toHaveText('This update will reach 2 members in-app and 1 by e-mail.');

  const title = `Gate times ${randomUUID().slice(0, 8)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByRole('textbox', { name: 'Update' }).click();
  await page.keyboard.type('We meet at six.');
  await form.getByRole('button', { name: 'Send update' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this update?' });
  await expect(confirm).toContainText('This update will reach 2 members in-app and 1 by e-mail.');
  await confirm.getByRole('button', { name: 'Send update' }).click();
  await expect(page.getByText('Reached 2 members in-app and 1 e-mail queued.')).toBeVisible();

  // Nobody follows this one: the confirm step says so and asks for an explicit "Send anyway".
  await form.getByLabel('Event').selectOption(empty.id);
  await expect(reach).toHaveText(
    'This update will reach nobody: no member is in this group and no e-mail will be sent.',
  );
  await form.getByLabel('Title').fill(`${title} again`);
  await form.getByRole('textbox', { name: 'Update' }).click();
  await page.keyboard.type('Anyone there?');
  await form.getByRole('button', { name: 'Send update' }).click();
  const nobody = page.getByRole('dialog', { name: 'Send to nobody?' });
  await expect(nobody).toContainText('This update will reach nobody');
  await expect(nobody.getByRole('button', { name: 'Send anyway' })).toBeVisible();
  await expect(nobody.getByRole('button', { name: 'Send update' })).toHaveCount(0);
  await nobody.getByRole('button', { name: 'Keep it' }).click();
  await expect(nobody).toBeHidden();
  const { count } = await adminClient()
    .from('event_updates')
    .select('id', { count: 'exact', head: true })
    .eq('event_id', empty.id);
  expect(count, 'cancelled: nothing was sent').toBe(0);
});

test('typing in the update editor breaks no Content-Security-Policy rule and logs no error or warning', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`),
    );
  });
  const problems = collectConsoleProblems(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await openAdminScreen(page, '/admin/event-updates', 'Event updates');
  const form = page.getByRole('form', { name: 'New update' });
  const editor = form.getByRole('textbox', { name: 'Update' });
  await editor.click();
  await page.keyboard.type('Bring a torch.');
  await page.keyboard.press('Enter');
  await form
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Bulleted list' })
    .click();
  await page.keyboard.type('Coat');
  await expect(editor.getByRole('listitem')).toHaveText('Coat');

  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  expect(problems.list()).toEqual([]);
  expect(warnings).toEqual([]);
  // The editor keeps white space as typed (ProseMirror's own rule, from our stylesheet, not injected).
  expect(await editor.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap');
});

test('the customers table on a phone shows every column whole, each row as a card, without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const tag = String(randomInt(1e9, 1e10));
  await createMember({ fullName: `Phone Person With A Long Name ${tag}` });
  await openAdminScreen(page, `/admin/customers?q=${tag}`, 'Customers');
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // Neither the page nor the table's box hides anything to the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = table.locator('xpath=..');
  expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);

  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveText([/^Name/, /^E-mail/, /^Tier/, /^Joined/, /^Bookings/, /^Last activity/]);
  const cells = table.locator('tbody tr').first().getByRole('cell');
  await expect(cells).toHaveCount(6);
  const names = ['Name', 'E-mail', 'Tier', 'Joined', 'Bookings', 'Last activity'];
  for (let i = 0; i < 6; i += 1) {
    for (const part of [headers.nth(i), cells.nth(i)]) {
      const rect = await part.boundingBox();
      expect(rect, `column ${names[i]} is on the page`).not.toBeNull();
      expect(rect!.x, `column ${names[i]} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(rect!.x + rect!.width, `column ${names[i]} ends on screen`).toBeLessThanOrEqual(375);
      const clipped = await part.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(clipped, `column ${names[i]} shows its whole text`).toBe(false);
    }
    // Each value says which column it is.
    expect(await cells.nth(i).evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
      JSON.stringify(names[i]),
    );
  }
  // The cards keep the table's roles and pass axe; sorting still works from the headers' buttons.
  expect(await axeViolations(page)).toEqual([]);
  await headers.nth(1).getByRole('button').click();
  await expect(page).toHaveURL(/sort=email/);
});
