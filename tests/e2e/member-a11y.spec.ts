import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage, type TestMember } from '../helpers/e2e-backend';
import { waitForAllIslands } from '../helpers/islands';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// axe on every member page this lane adds, in both themes, filled with a member's own data (a booking
// with instalments, a traveller) so the cards, tables and progress bars are scanned, not only empty states.

const THEMES: Theme[] = ['dark', 'light'];

async function memberWithData(): Promise<{ member: TestMember; bookingId: string }> {
  const member = await createMember({ fullName: 'Axel Auditor' });
  const event = await arrangeEvent({ title: 'Accessible Abbey' });
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 200000,
    installments: [
      { due_date: '2024-06-01', amount_cents: 50000, paid_at: '2024-06-01T00:00:00Z' },
      // Overdue, so the dashboard card and the payment plan are scanned with their overdue badge and notice.
      { due_date: '2025-01-01', amount_cents: 50000 },
      { due_date: '2029-01-01', amount_cents: 100000 },
    ],
  });
  // A traveller not yet on the booking, so /manage-booking shows its "Add a traveller" form too.
  const { error } = await adminClient()
    .from('travellers')
    .insert({ user_id: member.id, full_name: 'Tess Traveller' });
  if (error) throw new Error(error.message);
  return { member, bookingId: booking.id };
}

/** Waits for the island's data (no loading text left), then scans. */
async function scan(page: Page, path: string, theme: Theme) {
  await page.goto(path);
  await waitForAllIslands(page);
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  expect(await readTheme(page)).toBe(theme);
  expect(await axeViolations(page), path).toEqual([]);
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await useStoredTheme(context, theme);
    });

    test('axe finds no violations on the member pages', async ({ page }) => {
      test.slow();
      const { member, bookingId } = await memberWithData();
      await signInPage(page, member);
      for (const path of [
        '/dashboard',
        `/manage-booking?booking=${bookingId}`,
        `/manage-payment-plan?booking=${bookingId}`,
        `/extra-payment?booking=${bookingId}`,
        '/manage-booking?booking=00000000-0000-4000-8000-000000000000',
        '/customer-management',
        '/customer-favorites',
        '/completed-events',
      ])
        await scan(page, path, theme);
    });

    test('axe finds no violations in the traveller dialogs', async ({ page }) => {
      test.slow();
      const member = await createMember();
      await signInPage(page, member);
      await scan(page, '/customer-management', theme);
      await page.getByRole('button', { name: 'Add traveller' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add traveller' });
      await dialog.getByRole('button', { name: 'Add traveller' }).click();
      await expect(dialog.getByText("Please enter your traveller's full name.")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByLabel('Full name').fill('Dora Dialog');
      await dialog.getByRole('button', { name: 'Add traveller' }).click();
      await page.getByRole('button', { name: 'Delete Dora Dialog' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete traveller?' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
