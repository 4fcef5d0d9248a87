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
// Decision 0097: an admin refunds part of a card order through the Stripe stand-in (the member is e-mailed,
// the dashboard says so), and the whole of a bank transfer order with its items back in stock.

const STICKERS = 'c2000000-0000-4000-8000-000000000006';

interface PlacedOrder {
  id: string;
  number: string;
  total_cents: number;
}

/** The member places a posted order for one sticker pack, as the checkout page does. */
async function placeOrder(
  member: TestMember,
  payBy: 'bank_transfer' | 'card' = 'bank_transfer',
): Promise<PlacedOrder & { token: string }> {
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
    pay_by: payBy,
    expected_total_cents: total,
  });
  if (placed.error) throw new Error(placed.error.message);
  return { ...(placed.data as PlacedOrder), token: signIn.data.session.access_token };
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

/** The member pays a card order on the Stripe stand-in's Checkout page; answers once the webhook marked it paid. */
async function payByCard(order: PlacedOrder & { token: string }): Promise<void> {
  const started = await fetch(`${supabaseUrl()}/functions/v1/store-checkout`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${order.token}`,
      apikey: process.env['E2E_SUPABASE_ANON_KEY'] ?? '',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ order_id: order.id }),
  });
  const { url } = (await started.json()) as { url: string };
  await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  await expect
    .poll(
      async () =>
        (await adminClient().from('orders').select('state').eq('id', order.id).single()).data?.state,
      {
        timeout: 30_000,
      },
    )
    .toBe('paid');
}

async function stickerStock(): Promise<number> {
  const { data, error } = await adminClient()
    .from('product_variants')
    .select('stock')
    .eq('id', STICKERS)
    .single();
  if (error) throw new Error(error.message);
  return data.stock;
}

async function openRefund(page: Page) {
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Refund order / });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an admin refunds part of a card order through Stripe; the member is e-mailed and the dashboard says so', async ({
  page,
  browser,
}) => {
  test.slow(); // a card payment through the stand-in, then the refund through it
  const member = await createMember({ fullName: `Reg Refund ${Date.now()}` });
  const order = await placeOrder(member, 'card');
  await payByCard(order);

  await openAdminScreen(page, `/admin/store/${order.id}`, `Order ${order.number}`);
  let dialog = await openRefund(page);
  await expect(dialog.getByLabel('Refund ($)')).toHaveValue(dollars(order.total_cents));
  await expect(dialog.getByText(/^Paid by card: /)).toBeVisible();
  await expect(dialog.getByLabel('Put the items back in stock')).toBeVisible();
  await dialog.getByLabel('Refund ($)').fill(dollars(order.total_cents + 1));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText(/is left to refund on this order\.$/)).toBeVisible();
  await expect(dialog.getByText('Say why the money is going back.')).toBeVisible();
  await dialog.getByLabel('Refund ($)').fill('5');
  await dialog.getByLabel('Reason').fill('One sticker arrived creased');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText("$5.00 is on its way back to the buyer's card.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const refunds = page.getByRole('table', { name: 'Refunds' });
  await expect(refunds.getByRole('row').filter({ hasText: 'One sticker arrived creased' })).toContainText(
    'Refunded to the card',
  );
  // Still to pack: a part refund leaves the order's steps as they were.
  await expect(page.getByRole('button', { name: 'Mark packed…' })).toBeVisible();
  const mail = await waitForMail(member.email, new RegExp(`^Refund for order ${order.number}$`), 30_000);
  expect(mail.text).toContain(`We've refunded $5.00 to your card for order ${order.number}.`);
  // Once, though the webhook reported the refund too.
  const { data: rows } = await adminClient().from('order_refunds').select('state').eq('order_id', order.id);
  expect(rows).toEqual([{ state: 'made' }]);
  dialog = await openRefund(page);
  await expect(dialog.getByLabel('Refund ($)')).toHaveValue(dollars(order.total_cents - 500));
  await page.keyboard.press('Escape');

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto('/dashboard');
  await expect(memberPage.getByTestId('order-refunded')).toHaveText('Refunded $5.00');
  await memberPage.goto(`/store/order?order=${order.id}`);
  await expect(memberPage.getByTestId('order-refunded')).toHaveText('$5.00');
  await memberContext.close();
});

test('an admin refunds the whole of a bank transfer order with its items back in stock, and it passes axe', async ({
  page,
}) => {
  test.slow();
  const member = await createMember({ fullName: `Rita Restock ${Date.now()}` });
  const order = await placeOrder(member);
  const paid = await adminClient()
    .from('orders')
    .update({ state: 'paid', paid_at: new Date().toISOString() })
    .eq('id', order.id);
  if (paid.error) throw new Error(paid.error.message);
  const stock = await stickerStock();

  await openAdminScreen(page, `/admin/store/${order.id}`, `Order ${order.number}`);
  const dialog = await openRefund(page);
  await expect(dialog.getByText(/^Paid by bank transfer: /)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Reason').fill('Sold out of the matching cap: buyer cancelled');
  await dialog.getByLabel('Put the items back in stock').check();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`${'$' + dollars(order.total_cents)} is recorded as sent`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Refunded: nothing to pack or send.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund…' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Refunds' })).toContainText('Sent by bank transfer');
  expect(await stickerStock()).toBe(stock + 1);
  const mail = await waitForMail(member.email, new RegExp(`^Refund for order ${order.number}$`), 30_000);
  expect(mail.text).toContain(`to your bank account for order ${order.number}.`);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Back to orders' }).click();
  await page.getByLabel('Search by order number, buyer or e-mail').fill(order.number);
  await expect(page.getByRole('row').filter({ hasText: order.number })).toContainText('Paid, refunded');
});
