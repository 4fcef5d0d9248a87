import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import {
  adminClient,
  createMember,
  signInPage,
  supabaseUrl,
  waitForMail,
  type TestMember,
} from '../helpers/e2e-backend';
import { useStoredTheme } from '../helpers/theme';

// Decision 0094: /admin/store. A member orders a sticker pack by bank transfer, to be posted; an admin finds
// the order by its number, marks it paid (the amount received must be the whole total), packed, and shipped
// with a tracking number, each step in a dialog that traps focus and closes on Escape; the member's three
// e-mails arrive in the local mailbox, and the order's timeline names the admin at each step.

const STICKERS = 'c2000000-0000-4000-8000-000000000006';

interface PlacedOrder {
  id: string;
  number: string;
  total_cents: number;
}

/** The member places a posted bank transfer order for one sticker pack, as the checkout page does. */
async function placeOrder(member: TestMember): Promise<PlacedOrder> {
  const anonKey = process.env['E2E_SUPABASE_ANON_KEY'];
  if (!anonKey) throw new Error('E2E_SUPABASE_ANON_KEY is not set');
  const client = createClient(supabaseUrl(), anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword({ email: member.email, password: member.password });
  if (signIn.error) throw new Error(signIn.error.message);
  const items = [{ variant_id: STICKERS, quantity: 1 }];
  const priced = await client.rpc('price_cart', { items });
  if (priced.error) throw new Error(priced.error.message);
  const settings = await adminClient().from('store_settings').select('shipping_cents').single();
  if (settings.error) throw new Error(settings.error.message);
  const total = (priced.data as { total_cents: number }).total_cents + settings.data.shipping_cents;
  const placed = await client.rpc('place_order', {
    items,
    delivery: {
      method: 'ship',
      name: member.fullName,
      line1: '3 Whitby Crescent',
      suburb: 'Hobart',
      state: 'TAS',
      postcode: '7000',
    },
    pay_by: 'bank_transfer',
    expected_total_cents: total,
  });
  if (placed.error) throw new Error(placed.error.message);
  return placed.data as PlacedOrder;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Opens the order's step dialog with its button and answers it. */
async function openStep(page: Page, button: string): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('button', { name: `${button}…` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an admin finds a bank transfer order and marks it paid, packed and shipped; the member is e-mailed each step', async ({
  page,
  browser,
}) => {
  test.slow(); // three steps, each e-mailed and re-read, on a shared machine
  const member = await createMember({ fullName: `Lucy Store ${Date.now()}` });
  const order = await placeOrder(member);
  await waitForMail(member.email, new RegExp(`^Order ${order.number} received`), 30_000);

  const admin = await openAdminScreen(page, '/admin/store', 'Store orders');
  await page.getByLabel('Search by order number, buyer or e-mail').fill(order.number);
  await page.getByRole('combobox', { name: 'Paid by' }).selectOption('bank_transfer');
  await expect(page).toHaveURL(/pay=bank_transfer/);
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText(member.fullName);
  await expect(row).toContainText('Awaiting payment');
  await row.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.number}`, level: 2 })).toBeVisible();

  // Marking paid: the dialog holds the focus and Escape closes it, changing nothing.
  let dialog = await openStep(page, 'Mark paid');
  await expect(dialog.getByLabel('Amount received ($)')).toBeFocused();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  dialog = await openStep(page, 'Mark paid');
  await dialog.getByLabel('Amount received ($)').fill('1.00');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText('record the payment when the whole total has arrived')).toBeVisible();
  await dialog.getByLabel('Amount received ($)').fill(dollars(order.total_cents));
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mark packed…' })).toBeVisible();
  await waitForMail(member.email, new RegExp(`^Order ${order.number} confirmed`), 30_000);

  dialog = await openStep(page, 'Mark packed');
  await dialog.getByRole('button', { name: 'Mark packed' }).click();
  await expect(dialog).toBeHidden();
  await waitForMail(member.email, new RegExp(`^Order ${order.number} is packed`), 30_000);

  dialog = await openStep(page, 'Mark shipped');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog.getByText('Please enter the tracking number.')).toBeVisible();
  await dialog.getByLabel('Tracking number').fill('33ab 1234 5678');
  await dialog.getByLabel('Carrier').fill('Australia Post');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('33AB12345678 (Australia Post)')).toBeVisible();
  await expect(page.getByText('Nothing left to do: this order is done.')).toBeVisible();
  const shipped = await waitForMail(member.email, new RegExp(`^Order ${order.number} is on its way`), 30_000);
  expect(shipped.text).toContain('Tracking number: 33AB12345678 (Australia Post)');

  const timeline = page.getByRole('region', { name: /Timeline/ });
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  await expect(timeline).toContainText('Placed by the buyer');
  await expect(timeline).toContainText(`Shipped by ${admin.fullName}`);

  // The list says so too.
  await page.getByRole('link', { name: 'Back to orders' }).click();
  await expect(page.getByRole('row').filter({ hasText: order.number })).toContainText('Shipped');

  // So does the member's order page, with the tracking number.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto(`/store/order?order=${order.id}`);
  await expect(memberPage.getByTestId('order-state')).toHaveText('Shipped');
  await expect(memberPage.getByTestId('order-tracking')).toHaveText('33AB12345678 (Australia Post)');
  await memberContext.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`/admin/store, an order and its step dialog pass axe in the ${theme} theme`, async ({ page }) => {
    test.slow();
    const member = await createMember({ fullName: `Axe Store ${theme}` });
    const order = await placeOrder(member);
    await useStoredTheme(page.context(), theme);
    await openAdminScreen(page, `/admin/store?q=${order.number}`, 'Store orders');
    await expect(page.getByRole('row').filter({ hasText: order.number })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/admin/store/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.number}`, level: 2 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await openStep(page, 'Mark paid');
    expect(await axeViolations(page)).toEqual([]);
  });
}
