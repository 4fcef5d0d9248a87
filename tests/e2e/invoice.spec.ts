import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage, type TestMember } from '../helpers/e2e-backend';
import { waitForAllIslands } from '../helpers/islands';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// A booking's tax invoice (decision 0075): the member opens their own, prints it without the site's chrome,
// and sees each version the database issued when the booking changed; someone else's is not found.

async function memberWithBooking(installments = true) {
  const member = await createMember({ fullName: 'Mina Murray' });
  const event = await arrangeEvent({ title: 'Whitby Abbey Night', start: '2030-03-10', end: '2030-03-14' });
  const booking = await arrangeBooking({
    userId: member.id,
    eventId: event.id,
    totalCents: 240000,
    travellers: 2,
    installments: installments
      ? [
          { due_date: '2026-01-15', amount_cents: 80000, paid_at: '2026-01-10T02:00:00Z' },
          { due_date: '2029-12-01', amount_cents: 160000 },
        ]
      : [],
  });
  return { member, booking };
}

async function openInvoice(page: Page, member: TestMember, path: string) {
  await signInPage(page, member);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Tax invoice', level: 2 })).toBeVisible({ timeout: 15_000 });
}

test('the member opens their tax invoice: seller, ABN, buyer, lines, GST, paid and left', async ({
  page,
}) => {
  const { member, booking } = await memberWithBooking();
  await openInvoice(page, member, `/invoice?booking=${booking.id}`);
  const invoice = page.getByRole('article', { name: 'Tax invoice' });
  await expect(invoice).toContainText('Haunted Horizons Pty Ltd');
  await expect(invoice).toContainText('ABN 51 824 753 556');
  await expect(invoice).toContainText('The Rocks NSW 2000');
  await expect(page.getByTestId('invoice-number')).toHaveText(booking.invoiceNumber);
  await expect(invoice.getByRole('region', { name: 'Bill to' })).toContainText('Mina Murray');
  await expect(invoice.getByRole('row')).toHaveText([
    'DescriptionGSTAmount',
    'Whitby Abbey Night, departing 10 Mar 2030Traveller 1Taxable$1,200.00',
    'Whitby Abbey Night, departing 10 Mar 2030Traveller 2Taxable$1,200.00',
    'Total$2,400.00',
    'Total includes GST of $218.18',
    'Paid to date$800.00',
    'Left to pay$1,600.00',
  ]);
  await expect(page.getByTestId('invoice-version-list').getByRole('listitem')).toHaveCount(1);
});

test('printed, the invoice is alone on the page: no header, menus, footer or buttons', async ({ page }) => {
  const { member, booking } = await memberWithBooking();
  await openInvoice(page, member, `/invoice?booking=${booking.id}`);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('article', { name: 'Tax invoice' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Versions of this invoice' })).toBeHidden();
  // Black on white, whatever the theme.
  await expect(page.getByTestId('invoice-total')).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('a change to the booking issues a new version; the old one stays as issued', async ({ page }) => {
  const { member, booking } = await memberWithBooking(false);
  // arrangeBooking's deposit is the whole total: lower it too, as a price change would.
  const { error } = await adminClient()
    .from('bookings')
    .update({ total_cents: 220000, deposit_cents: 160000 })
    .eq('id', booking.id);
  if (error) throw new Error(error.message);
  await openInvoice(page, member, `/invoice?booking=${booking.id}`);
  await expect(page.getByTestId('invoice-total')).toHaveText('$2,200.00');
  const versions = page.getByTestId('invoice-version-list').getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('Version 2');
  await expect(versions.first()).toContainText('(current)');
  await page.getByRole('link', { name: 'Version 1' }).click();
  await expect(page).toHaveURL(new RegExp(`version=1$`));
  await expect(page.getByTestId('invoice-total')).toHaveText('$2,400.00');
  await expect(page.getByRole('note')).toContainText('This is version 1, replaced on');
  await expect(page.getByTestId('invoice-paid')).toHaveCount(0);
});

test('another member’s invoice is not found', async ({ page }) => {
  const { booking } = await memberWithBooking();
  const stranger = await createMember({ fullName: 'Lucy Westenra' });
  await signInPage(page, stranger);
  await page.goto(`/invoice?booking=${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Invoice not found' })).toBeVisible({ timeout: 15_000 });
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`axe finds no violations on the invoice in the ${theme} theme`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    const { member, booking } = await memberWithBooking();
    await openInvoice(page, member, `/invoice?booking=${booking.id}`);
    await waitForAllIslands(page);
    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page)).toEqual([]);
  });
}
