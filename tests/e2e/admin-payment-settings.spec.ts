import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, sessionFor, supabaseUrl } from '../helpers/e2e-backend';
import { createEvent, type TestEvent } from '../helpers/events';
import { useStoredTheme } from '../helpers/theme';

// Decision 0077: a departure's room options in the events editor, and the company's bank details at
// /admin/payment-settings. The bank details are one row every test shares, so the tests here save the sample
// account the seed holds (typed differently) and never leave another one behind.

const SAMPLE = {
  accountName: 'Haunted Horizons Pty Ltd',
  bank: 'Commonwealth Bank',
  bsb: '062000',
  number: '12345678',
};

async function roomOptions(event: TestEvent) {
  const { data, error } = await adminClient()
    .from('event_room_options')
    .select('label, supplement_cents')
    .eq('event_id', event.id)
    .order('sort_order');
  if (error) throw new Error(error.message);
  return data;
}

async function openRooms(page: Page, event: TestEvent) {
  await openAdminScreen(page, `/admin/event-management?id=${event.id}`, `Edit event: ${event.title}`);
  const rooms = page.getByRole('region', { name: 'Room options' });
  await rooms.scrollIntoViewIfNeeded();
  await expect(rooms.getByRole('form', { name: 'New room option' })).toBeVisible();
  return rooms;
}

test('an admin adds, changes and removes a departure’s room options', async ({ page }) => {
  test.slow(); // many saves, each re-read, on a shared machine
  const event = await createEvent({ title: 'Rooms Trip', startsIn: 200 });
  const rooms = await openRooms(page, event);
  const adding = rooms.getByRole('form', { name: 'New room option' });

  // The rules are checked before anything is sent.
  await adding.getByRole('button', { name: 'Add room option' }).click();
  await expect(adding.getByText('Name the room, e.g. Twin share.')).toBeVisible();
  await adding.getByLabel('Room').fill('Single room');
  await adding.getByLabel('Supplement per traveller (AUD)').fill('six fifty');
  await adding.getByRole('button', { name: 'Add room option' }).click();
  await expect(
    adding.getByText('Enter the supplement as a number, such as 650 or 650.50 (0 for none).'),
  ).toBeVisible();
  expect(await roomOptions(event)).toEqual([]);

  await adding.getByLabel('Room').fill('Twin share');
  await adding.getByLabel('Supplement per traveller (AUD)').fill('');
  await adding.getByRole('button', { name: 'Add room option' }).click();
  await expect(rooms.getByRole('form', { name: 'Room option Twin share' })).toBeVisible();
  await adding.getByLabel('Room').fill('Single room');
  await adding.getByLabel('Supplement per traveller (AUD)').fill('650');
  await adding.getByRole('button', { name: 'Add room option' }).click();
  const single = rooms.getByRole('form', { name: 'Room option Single room' });
  await expect(single.getByLabel('Supplement per traveller (AUD)')).toHaveValue('650');
  expect(await roomOptions(event)).toEqual([
    { label: 'Twin share', supplement_cents: 0 },
    { label: 'Single room', supplement_cents: 65000 },
  ]);

  // A second option of the same name is refused in words.
  await adding.getByLabel('Room').fill('Twin share');
  await adding.getByRole('button', { name: 'Add room option' }).click();
  await expect(page.getByText('This departure already has a room option with that name.')).toBeVisible();

  await single.getByLabel('Supplement per traveller (AUD)').fill('1,200.50');
  await single.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => roomOptions(event))
    .toContainEqual({ label: 'Single room', supplement_cents: 120050 });

  await rooms
    .getByRole('form', { name: 'Room option Twin share' })
    .getByRole('button', { name: 'Remove' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Remove Twin share?' });
  await expect(dialog).toContainText('Bookings already made keep it.');
  await dialog.getByRole('button', { name: 'Remove room option' }).click();
  await expect(rooms.getByRole('form', { name: 'Room option Twin share' })).toHaveCount(0);
  expect(await roomOptions(event)).toEqual([{ label: 'Single room', supplement_cents: 120050 }]);
});

test('an admin keeps the bank details within the rules, and members read them', async ({ page }) => {
  test.slow();
  await openAdminScreen(page, '/admin/payment-settings', 'Payment settings');
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payment settings' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Account name').fill(`  ${SAMPLE.accountName} `);
  await page.getByLabel('Bank', { exact: true }).fill(SAMPLE.bank);
  await page.getByLabel('BSB').fill('06200');
  await page.getByLabel('Account number').fill('1234 5678');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('A BSB is six digits, e.g. 062-000.')).toBeVisible();
  await expect(page.getByText('An account number is 6 to 10 digits, without spaces.')).toBeVisible();

  await page.getByLabel('BSB').fill(SAMPLE.bsb);
  await page.getByLabel('Account number').fill(SAMPLE.number);
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Bank details saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('BSB')).toHaveValue('062-000');
  await expect(page.getByLabel('Account name')).toHaveValue(SAMPLE.accountName);

  // A member reads the four fields through the function; a visitor may not.
  const member = await createMember({ fullName: 'Bank Reader' });
  const session = await sessionFor(member);
  const asMember = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  const read = await asMember.rpc('company_bank_details');
  expect(read.data).toEqual([
    {
      account_name: SAMPLE.accountName,
      bank_name: SAMPLE.bank,
      bsb: SAMPLE.bsb,
      account_number: SAMPLE.number,
    },
  ]);
  const visitor = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect((await visitor.rpc('company_bank_details')).error?.code).toBe('42501');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the room options editor passes axe in the ${theme} theme`, async ({ page }) => {
    test.slow(); // axe over the whole events editor, on a shared machine
    const event = await createEvent({ title: 'Axe Rooms', startsIn: 200 });
    await adminClient()
      .from('event_room_options')
      .insert({ event_id: event.id, label: 'Single room', supplement_cents: 65000 });
    await useStoredTheme(page.context(), theme);
    const rooms = await openRooms(page, event);
    await expect(rooms.getByRole('form', { name: 'Room option Single room' })).toBeVisible();
    await rooms
      .getByRole('form', { name: 'New room option' })
      .getByRole('button', { name: 'Add room option' })
      .click();
    await expect(rooms.getByText('Name the room, e.g. Twin share.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`the payment settings pass axe in the ${theme} theme`, async ({ page }) => {
    test.slow();
    await useStoredTheme(page.context(), theme);
    await openAdminScreen(page, '/admin/payment-settings', 'Payment settings');
    await expect(page.getByLabel('Account name')).toBeVisible();
    await page.getByLabel('BSB').fill('06');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await expect(page.getByText('A BSB is six digits, e.g. 062-000.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
