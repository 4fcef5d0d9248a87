import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminClient, createMember, signInPage, uniqueEmail, waitForMail } from '../helpers/e2e-backend';
import { openWithKeyboard } from '../helpers/dialogs';
import { gotoHydrated, waitForIslandOf } from '../helpers/islands';

// The waitlist dialog saves through join_waitlist(): 'Thanks!' and the dialog closes, reset; the same
// address again gets 'Already on waitlist' (the database's unique index says so) and the dialog stays open.

const TRIP = 'Vietnam Battlefield Tour';
const COMPANY = 'hello@hauntedhorizons.com.au';

async function openWaitlist(page: Page): Promise<Locator> {
  const trigger = page.getByRole('article', { name: TRIP }).getByRole('button', { name: 'Join Waitlist' });
  const dialog = page.getByRole('dialog', { name: new RegExp(`Waitlist.*${TRIP}`) });
  await openWithKeyboard(trigger, dialog);
  await waitForIslandOf(dialog.getByRole('button', { name: 'Add Me to the Waitlist' }));
  return dialog;
}

async function fillAndSend(dialog: Locator, fullName: string, email: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill(fullName);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Add Me to the Waitlist' }).click();
}

test('the waitlist twice with one e-mail: Thanks! and closed, then Already on waitlist', async ({ page }) => {
  const email = uniqueEmail('waitlist');
  const fullName = `Wade ${email.slice(9, 17)}`;
  await gotoHydrated(page, '/');

  const dialog = await openWaitlist(page);
  await fillAndSend(dialog, fullName, email);
  await expect(page.getByText('Thanks!', { exact: true })).toBeVisible();
  await expect(page.getByText("You've been added to the waitlist for this event.")).toBeVisible();
  await expect(dialog, 'the dialog closes on success').toBeHidden();

  const { data } = await adminClient()
    .from('waitlist_submissions')
    .select('event_name, full_name, phone, notes, marketing_consent, marketing_consent_at')
    .eq('email', email);
  expect(data).toEqual([
    {
      event_name: TRIP,
      full_name: fullName,
      phone: null,
      notes: null,
      marketing_consent: false,
      marketing_consent_at: null,
    },
  ]);
  const mail = await waitForMail(COMPANY, new RegExp(`^Waitlist: ${fullName} for ${TRIP}$`));
  expect(mail.text).toContain('Trip news by e-mail: no');

  const again = await openWaitlist(page);
  await expect(again.getByRole('textbox', { name: 'Email', exact: true }), 'the form was reset').toHaveValue(
    '',
  );
  await fillAndSend(again, fullName, email.toUpperCase());
  await expect(page.getByText('Already on waitlist', { exact: true })).toBeVisible();
  await expect(page.getByText("You're already on the waitlist for this event.")).toBeVisible();
  await expect(again, 'the dialog stays open to show it').toBeVisible();
  const count = await adminClient()
    .from('waitlist_submissions')
    .select('id', { count: 'exact', head: true })
    .ilike('email', email);
  expect(count.count).toBe(1);
});

test('a signed-in member finds their e-mail filled in, and the consent box is kept', async ({ page }) => {
  const member = await createMember();
  await signInPage(page, member);
  await gotoHydrated(page, '/');
  const dialog = await openWaitlist(page);
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(member.email);
  await dialog.getByRole('checkbox', { name: /news about trips/ }).check();
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill(member.fullName);
  await dialog.getByRole('button', { name: 'Add Me to the Waitlist' }).click();
  await expect(page.getByText('Thanks!', { exact: true })).toBeVisible();

  const { data } = await adminClient()
    .from('waitlist_submissions')
    .select('marketing_consent, marketing_consent_at')
    .eq('email', member.email)
    .single();
  expect(data?.marketing_consent).toBe(true);
  expect(data?.marketing_consent_at).toBeTruthy();
});
