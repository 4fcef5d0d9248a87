import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminClient, uniqueEmail, waitForMail } from '../helpers/e2e-backend';
import { openWithKeyboard } from '../helpers/dialogs';
import { gotoHydrated, waitForIslandOf } from '../helpers/islands';

// The interest forms: name and e-mail are required and the e-mail must look like one. Bad input gets a
// message tied to its field and nothing is sent; a valid form is saved through register_interest(), thanked
// with 'Interest Registered!', and the dialog closes, reset, as the waitlist's does; the company gets an
// e-mail. The same address again (any letter case) gets 'Already registered', the dialog stays open, and
// nothing more is saved (decision 0061).

const COMPANY = 'hello@hauntedhorizons.com.au';

async function openInterestForm(page: Page, tripTitle: string): Promise<Locator> {
  await gotoHydrated(page, '/');
  const trigger = page.getByRole('article', { name: tripTitle }).getByRole('button', { name: /Interest/ });
  const dialog = page.getByRole('dialog', { name: new RegExp(`Interest.*${tripTitle}`) });
  await openWithKeyboard(trigger, dialog);
  await waitForIslandOf(dialog.getByRole('button', { name: /submit/i }));
  return dialog;
}

for (const tripTitle of ['Tasmania Paranormal Getaway', 'USA Paranormal Road Trip']) {
  test.describe(`interest form for ${tripTitle}`, () => {
    test('an empty submit names the missing fields and claims nothing', async ({ page }) => {
      const dialog = await openInterestForm(page, tripTitle);
      await dialog.getByRole('button', { name: /submit/i }).click();

      const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
      const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(/enter your name/i);
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(/e-mail/i);
      await expect(name, 'focus goes to the first field to fix').toBeFocused();
      // Optional fields stay valid when empty.
      await expect(dialog.getByRole('textbox', { name: /Phone/ })).not.toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expect(dialog).toBeVisible();
      await expect(page.getByText('Interest Registered!'), 'nothing sent while a field is wrong').toHaveCount(
        0,
      );
    });

    test('a malformed e-mail is refused with a message', async ({ page }) => {
      const dialog = await openInterestForm(page, tripTitle);
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Mary Bryant');
      const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
      await email.fill('mary.bryant@');
      await dialog.getByRole('button', { name: /submit/i }).click();

      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(/valid e-mail/i);
      await expect(email).toBeFocused();
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expect(page.getByText('Interest Registered!'), 'nothing sent while a field is wrong').toHaveCount(
        0,
      );
    });

    test('a valid submit is saved, thanked, closed and e-mailed; the same address again is already registered', async ({
      page,
    }) => {
      const email = uniqueEmail('interest');
      const name = `Mary Bryant ${email.slice(9, 17)}`;
      const dialog = await openInterestForm(page, tripTitle);
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await dialog.getByRole('textbox', { name: /Message/ }).fill('Is there a single room?');
      const consent = dialog.getByRole('checkbox', { name: /news about trips/ });
      await expect(consent, 'the consent box starts unticked').not.toBeChecked();
      await consent.check();
      await dialog.getByRole('button', { name: /submit/i }).click();

      await expect(page.getByText('Interest Registered!')).toBeVisible();
      await expect(dialog, 'the dialog closes on success').toBeHidden();
      const { data } = await adminClient()
        .from('interest_registrations')
        .select('event_name, full_name, phone, message, marketing_consent')
        .eq('email', email);
      expect(data).toEqual([
        {
          event_name: tripTitle,
          full_name: name,
          phone: null,
          message: 'Is there a single room?',
          marketing_consent: true,
        },
      ]);
      const mail = await waitForMail(COMPANY, new RegExp(`^Interest: ${name} in `));
      expect(mail.text).toContain(`E-mail: ${email}`);

      const again = await openInterestForm(page, tripTitle);
      const againEmail = again.getByRole('textbox', { name: 'Email', exact: true });
      await expect(againEmail, 'the form was reset').toHaveValue('');
      await expect(again.getByRole('checkbox', { name: /news about trips/ })).not.toBeChecked();
      await again.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await againEmail.fill(email.toUpperCase());
      await again.getByRole('button', { name: /submit/i }).click();
      await expect(page.getByText('Already registered', { exact: true })).toBeVisible();
      await expect(
        page.getByText(`You've already registered your interest in the ${tripTitle}.`),
      ).toBeVisible();
      await expect(again, 'the dialog stays open to show it').toBeVisible();
      await expect(againEmail, 'what was typed is kept').toHaveValue(email.toUpperCase());
      const count = await adminClient()
        .from('interest_registrations')
        .select('id', { count: 'exact', head: true })
        .ilike('email', email);
      expect(count.count).toBe(1);
    });
  });
}
