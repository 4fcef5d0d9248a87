import { expect, test, type Locator, type Page } from '@playwright/test';
import { openWithKeyboard } from '../helpers/dialogs';
import { gotoHydrated, waitForIslandOf } from '../helpers/islands';

// The interest forms: name and e-mail are required and the e-mail must look like one. Bad input gets a
// message tied to its field and the form says nothing about sending; a valid form says it was not sent
// (saving arrives with the accounts issue).

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
      await expect(dialog.getByRole('status'), 'no word on sending while a field is wrong').toBeEmpty();
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
      await expect(dialog.getByRole('status'), 'no word on sending while a field is wrong').toBeEmpty();
    });

    test('a valid submit says it was not sent, since nothing is saved yet, and keeps the values', async ({
      page,
    }) => {
      const dialog = await openInterestForm(page, tripTitle);
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Mary Bryant');
      await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('mary@example.com');
      await dialog.getByRole('button', { name: /submit/i }).click();

      await expect(dialog.getByRole('status')).toContainText(/not been sent/i);
      await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
        'mary@example.com',
      );
    });
  });
}
