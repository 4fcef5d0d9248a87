import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// Issue 24, first part: /store lists the seed's departures and merchandise from the database, its filter is
// kept in the address, Add to Cart fills a cart every tab shares, the cart sheet prices it in the database
// (members get 10% off), and a member's cart follows them to another device.

const THEMES: Theme[] = ['dark', 'light'];

async function openStore(page: Page, path = '/store'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-store-list][data-store-ready]')).toHaveCount(1);
}

function card(page: Page, name: string) {
  return page.locator('[data-store-item]').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function addToCart(page: Page, name: string, size?: string): Promise<void> {
  const item = card(page, name);
  if (size) await item.getByLabel('Size').selectOption({ label: size });
  await item.getByRole('button', { name: 'Add to Cart' }).click();
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

async function openCart(page: Page) {
  await cartButton(page).click();
  const sheet = page.getByRole('dialog', { name: 'Cart' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('[data-cart-lines][data-cart-mounted]')).toHaveCount(1);
  return sheet;
}

test('a visitor filters the store, fills a cart that every tab shares, and sees its GST-inclusive total', async ({
  page,
  context,
}) => {
  await openStore(page);
  const tShirt = card(page, 'Haunted Horizons T-shirt');
  const tasmania = page
    .locator('[data-store-item][data-kind="events"]')
    .filter({ hasText: 'Tasmania Paranormal Getaway' });
  await expect(tasmania.getByRole('link', { name: 'Book Event' })).toHaveAttribute(
    'href',
    /^\/book\?event=[0-9a-f-]{36}$/,
  );
  const vietnam = page
    .locator('[data-store-item][data-kind="events"]')
    .filter({ hasText: 'Vietnam Battlefield Tour' });
  await expect(vietnam.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();

  await page.getByRole('link', { name: 'Events Only' }).click();
  await expect(page).toHaveURL(/\/store\?show=events$/);
  await expect(tShirt).toBeHidden();
  await expect(tasmania).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Events Only' })).toHaveAttribute('aria-current', 'true');
  await expect(tShirt).toBeHidden();
  await page.getByRole('link', { name: 'Merch Only' }).click();
  await expect(page).toHaveURL(/\/store\?show=merch$/);
  await expect(tasmania).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/store\?show=events$/);
  await expect(tShirt).toBeHidden();
  await page.getByRole('link', { name: 'Show All' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(tShirt).toBeVisible();

  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await addToCart(page, 'Haunted Horizons T-shirt', 'M');
  await addToCart(page, 'Haunted Horizons T-shirt', 'M');
  await addToCart(page, 'Haunted Horizons Cap');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');

  const second = await context.newPage();
  await second.goto('/');
  await expect(cartButton(second)).toHaveAccessibleName('Cart, 3 items');
  const sheet = await openCart(second);
  await expect(sheet.getByRole('heading', { name: 'Haunted Horizons T-shirt (M)' })).toBeVisible();
  await expect(sheet.getByText('Quantity of Haunted Horizons T-shirt (M): 2')).toBeAttached();
  await expect(sheet.locator('[data-cart-total]')).toHaveText('$70.00');
  await expect(sheet.getByText('$6.36')).toBeVisible();

  // A change in one tab shows in the other at once.
  await sheet.getByRole('button', { name: 'One more Haunted Horizons Cap' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 4 items');
  await expect(sheet.locator('[data-cart-total]')).toHaveText('$90.00');
  await sheet.getByRole('button', { name: 'Remove Haunted Horizons T-shirt (M)' }).click();
  await expect(sheet.locator('[data-cart-total]')).toHaveText('$40.00');
  await sheet.getByRole('button', { name: 'Remove Haunted Horizons Cap' }).click();
  await expect(sheet.getByText('Your cart is empty')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

test('a member sees the discount, and their cart follows them to another device', async ({ browser }) => {
  const member = await createMember({ fullName: 'Stella Shopper' });
  const laptop = await browser.newContext();
  const page = await laptop.newPage();
  // Shopping as a visitor first, then signing in: the device's cart joins the member's kept one.
  await openStore(page);
  await addToCart(page, 'Sticker Pack');
  await signInPage(page, member);
  await openStore(page);
  await expect
    .poll(async () => {
      const { data } = await adminClient().from('cart_items').select('quantity').eq('user_id', member.id);
      return data;
    })
    .toEqual([{ quantity: 1 }]);
  const sheet = await openCart(page);
  await expect(sheet.getByText('Member discount (10%)')).toBeVisible();
  await expect(sheet.locator('[data-cart-total]')).toHaveText('$7.20');
  await laptop.close();

  const phone = await browser.newContext();
  const other = await phone.newPage();
  await signInPage(other, member);
  await other.goto('/');
  await expect(cartButton(other)).toHaveAccessibleName('Cart, 1 item');
  await phone.close();
});

for (const theme of THEMES) {
  test(`axe finds no violations on /store and in the open cart sheet (${theme} theme)`, async ({
    page,
    context,
  }) => {
    await useStoredTheme(context, theme);
    await openStore(page);
    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page)).toEqual([]);
    await addToCart(page, 'Haunted Horizons T-shirt', 'L');
    const sheet = await openCart(page);
    await expect(sheet.locator('[data-cart-total]')).toHaveText('$25.00');
    expect(await axeViolations(page, sheet)).toEqual([]);
  });
}
