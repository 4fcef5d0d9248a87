import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { createMember, signInPage, waitForMail } from '../helpers/e2e-backend';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// Issue 24's checkout (decision 0091): a member goes from an empty cart to a paid order. The cart sheet's
// Checkout opens /store/checkout, the address is checked as Postgres checks it, place_order takes the stock,
// the store-checkout function makes a Checkout Session on the Stripe stand-in for the database's total, the
// webhook marks the order paid and queues the confirmation, and the order's page becomes its tax invoice.

const THEMES: Theme[] = ['dark', 'light'];

function card(page: Page, name: string) {
  return page.locator('[data-store-item]').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** From /store, one sticker pack into the cart, then the sheet's Checkout. */
async function checkOutStickers(page: Page): Promise<void> {
  await page.goto('/store');
  await expect(page.locator('[data-store-list][data-store-ready]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Cart, 0 items$/ })).toBeVisible();
  await card(page, 'Sticker Pack').getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const sheet = page.getByRole('dialog', { name: 'Cart' });
  await expect(sheet.locator('[data-cart-total]')).toHaveText('$7.20');
  await sheet.getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL('**/store/checkout');
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
}

async function fillAddress(page: Page, state: string, postcode: string): Promise<void> {
  await page.getByRole('radio', { name: /Post it to me/ }).check();
  await page.getByRole('textbox', { name: 'Name' }).fill('Lucy Westenra');
  await page.getByRole('textbox', { name: 'Street address' }).fill('3 Whitby Crescent');
  await page.getByRole('textbox', { name: 'Suburb or town' }).fill('Hobart');
  await page.getByRole('combobox', { name: 'State or territory' }).selectOption(state);
  await page.getByRole('textbox', { name: 'Postcode' }).fill(postcode);
}

test('a member goes from an empty cart to an order paid by card, its tax invoice and its e-mail', async ({
  page,
}) => {
  test.slow();
  const member = await createMember({ fullName: 'Lucy Westenra' });
  await signInPage(page, member);
  await checkOutStickers(page);

  // A postcode of another state is refused beside the field, in the database's words.
  await fillAddress(page, 'VIC', '7000');
  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(
    page.getByText('Postcode 7000 is not in VIC. Please check the postcode and the state.'),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'State or territory' }).selectOption('TAS');
  // $8.00 less 10% is $7.20, and $12.00 postage.
  await expect(page.getByTestId('order-total')).toHaveText('$19.20');
  await expect(page.getByTestId('order-gst')).toHaveText('Includes GST of $1.75');
  await page.getByRole('button', { name: 'Place order' }).click();

  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { name: 'Stripe Checkout (test stand-in)' })).toBeVisible();
  await expect(page.locator('body')).toContainText('19.20');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(/\/store\/order\?order=[0-9a-f-]{36}&card=paid$/);
  await expect(page.getByTestId('card-return')).toHaveText(
    'Thank you: your card payment is confirmed and your order is on its way to being packed.',
  );
  await expect(page.getByRole('heading', { name: 'Tax invoice' })).toBeVisible();
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  await expect(page.getByText('ABN')).toBeVisible();
  await expect(page.getByRole('row', { name: /Sticker Pack/ })).toContainText('$7.20');
  const number = (await page.getByTestId('order-number').textContent())!;
  expect(number).toMatch(/^S\d{6,}$/);
  // The cart is empty once ordered.
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

  const mail = await waitForMail(member.email, new RegExp(`^Order ${number} confirmed`), 30_000);
  expect(mail.text).toContain('we have received your payment of $19.20');
  expect(mail.text).toContain('1 x Sticker Pack at $7.20: $7.20');
  expect(mail.text).toContain('Postage: $12.00\nTotal: $19.20\nIncludes GST of $1.75');
  expect(mail.text).toContain('3 Whitby Crescent\nHobart TAS 7000');

  await page.goto('/dashboard');
  const orders = page.getByRole('region', { name: 'Your Store Orders' });
  await expect(orders.getByRole('link', { name: `Order ${number}` })).toBeVisible();
  await expect(orders.getByTestId('order-state')).toHaveText('Paid');
});

for (const theme of THEMES) {
  test(`axe finds no violations on the checkout and a bank transfer order (${theme} theme)`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useStoredTheme(context, theme);
    const member = await createMember({ fullName: `Arthur Holmwood ${theme}` });
    await signInPage(page, member);
    await checkOutStickers(page);
    expect(await readTheme(page)).toBe(theme);
    await fillAddress(page, 'NSW', '2000');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('radio', { name: /^Bank transfer/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/store\/order\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Pay $19.20 by bank transfer' })).toBeVisible();
    const number = (await page.getByTestId('order-number').textContent())!;
    await expect(page.getByText(`Please quote your reference ${number} exactly`)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const mail = await waitForMail(member.email, new RegExp(`^Order ${number} received`), 30_000);
    expect(mail.text).toContain(`Reference: ${number}`);
  });
}
