import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { adminClient, createMember, signInPage, supabaseUrl } from '../helpers/e2e-backend';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';

// 'My travellers': add, edit and delete (with confirmation) through the keyboard-usable dialog, with the
// rules' messages and the toasts; the rows land in the member's own travellers; a booking lists its own.

async function openTravellers(page: Page) {
  const member = await createMember({ fullName: 'Abraham Van Helsing' });
  await signInPage(page, member);
  await page.goto('/customer-management');
  await expect(page.getByText('You have not added any travellers yet.')).toBeVisible();
  return member;
}

test('a member adds, edits and deletes a traveller', async ({ page }) => {
  const member = await openTravellers(page);

  await page.getByRole('button', { name: 'Add traveller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add traveller' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await dialog.getByRole('button', { name: 'Add traveller' }).click();
  await expect(dialog.getByText("Please enter your traveller's full name.")).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Full name').fill('  Quincey Morris ');
  await dialog.getByLabel('Date of birth').fill('2999-01-01');
  await dialog.getByLabel('Phone', { exact: true }).fill('12');
  await dialog.getByRole('button', { name: 'Add traveller' }).click();
  await expect(
    dialog.getByText('Please enter a date of birth between 1 January 1900 and today.'),
  ).toBeVisible();
  await expect(dialog.getByText('Please enter a valid phone number, or leave it empty.')).toBeVisible();

  await dialog.getByLabel('Date of birth').fill('1985-04-20');
  await dialog.getByLabel('Phone', { exact: true }).fill('0400 111 222');
  await dialog.getByLabel('Dietary notes').fill('Vegetarian');
  await dialog.getByLabel('Emergency contact name').fill('Arthur Holmwood');
  await dialog.getByLabel('Emergency contact phone').fill('0400 333 444');
  await dialog.getByLabel('Emergency contact phone').press('Enter');
  await expect(page.getByText('Traveller added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: /Quincey Morris/ });
  await expect(row).toContainText('20th April, 1985');
  await expect(row).toContainText('0400 111 222');
  await expect(row).toContainText('Arthur Holmwood, 0400 333 444');
  const { data: stored } = await adminClient()
    .from('travellers')
    .select('user_id, full_name, date_of_birth, dietary_notes, medical_notes')
    .eq('user_id', member.id);
  expect(stored).toEqual([
    {
      user_id: member.id,
      full_name: 'Quincey Morris',
      date_of_birth: '1985-04-20',
      dietary_notes: 'Vegetarian',
      medical_notes: null,
    },
  ]);

  // Edit by keyboard: focus the button, Enter opens the dialog, Escape closes it.
  await row.getByRole('button', { name: 'Edit Quincey Morris' }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit traveller' });
  await expect(edit.getByLabel('Full name')).toHaveValue('Quincey Morris');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(row.getByRole('button', { name: 'Edit Quincey Morris' })).toBeFocused();
  await page.keyboard.press('Enter');
  await edit.getByLabel('Medical notes').fill('Asthma: carries an inhaler');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Traveller updated')).toBeVisible();
  await expect
    .poll(async () => {
      const { data } = await adminClient()
        .from('travellers')
        .select('medical_notes')
        .eq('user_id', member.id);
      return data?.[0]?.medical_notes;
    })
    .toBe('Asthma: carries an inhaler');

  // Delete asks first; Cancel keeps the traveller.
  await row.getByRole('button', { name: 'Delete Quincey Morris' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete traveller?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete Quincey Morris' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Traveller deleted')).toBeVisible();
  await expect(page.getByText('You have not added any travellers yet.')).toBeVisible();
  const { count } = await adminClient()
    .from('travellers')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', member.id);
  expect(count).toBe(0);
});

test('Tab stays inside the traveller dialog', async ({ page }) => {
  await openTravellers(page);
  await page.getByRole('button', { name: 'Add traveller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add traveller' });
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
});

test("a booking lists its own travellers, and another member's traveller cannot be added", async ({
  page,
}) => {
  const member = await createMember({ fullName: 'Jonathan Harker' });
  const stranger = await createMember({ fullName: 'Renfield' });
  const event = await arrangeEvent({ title: 'Carfax Abbey' });
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 100000,
    travellers: 2,
  });
  const admin = adminClient();
  const { data: travellers } = await admin
    .from('travellers')
    .insert([
      { user_id: member.id, full_name: 'Jonathan Harker' },
      { user_id: member.id, full_name: 'Mina Harker' },
      { user_id: stranger.id, full_name: 'Renfield' },
    ])
    .select('id, full_name');
  const idOf = (name: string) => travellers!.find((row) => row.full_name === name)!.id;
  await admin.from('booking_travellers').insert([
    { booking_id: booking.id, traveller_id: idOf('Jonathan Harker') },
    { booking_id: booking.id, traveller_id: idOf('Mina Harker') },
  ]);

  await signInPage(page, member);
  await page.goto(`/manage-booking?booking=${booking.id}`);
  const section = page.getByRole('region', { name: 'Who is travelling' });
  await expect(section.getByRole('listitem')).toHaveText([/^Jonathan Harker/, /^Mina Harker/]);
  await expect(section.getByText('Renfield')).toHaveCount(0);

  // The owner takes one off and names them again.
  await section.getByRole('button', { name: 'Remove Mina Harker from this booking' }).click();
  await expect(page.getByText('Traveller removed from booking')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveText([/^Jonathan Harker/]);
  const select = section.getByLabel('Add a traveller to this booking');
  await expect(select.getByRole('option')).toHaveText(['Choose a traveller', 'Mina Harker']);
  await select.selectOption({ label: 'Mina Harker' });
  await section.getByRole('button', { name: 'Add to booking' }).click();
  await expect(page.getByText('Traveller added to booking')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveText([/^Jonathan Harker/, /^Mina Harker/]);
  await expect(section.getByLabel('Add a traveller to this booking')).toHaveCount(0);

  // Through the API as the member: someone else's traveller cannot be put on the member's booking.
  const asMember = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  await asMember.auth.signInWithPassword({ email: member.email, password: member.password });
  const { error } = await asMember
    .from('booking_travellers')
    .insert({ booking_id: booking.id, traveller_id: idOf('Renfield') });
  expect(error?.code).toBe('42501');
});
