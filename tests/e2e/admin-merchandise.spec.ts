import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { adminClient, supabaseUrl } from '../helpers/e2e-backend';
import { useStoredTheme } from '../helpers/theme';

// Decision 0092: /admin/merchandise. An admin adds a product with a picture and two sizes, changes its stock
// by what arrived or left (a stale screen never overwrites a sale), sees a size low on stock flagged and
// counted on the overview, and hides the product; what the store reads (store_items, and a visitor's cart
// priced by the database) follows each step. The store settings are one row other tests read (the member
// discount), so the tests here never leave them changed.

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface ListedProduct {
  name: string;
  price_cents: number;
  status: string;
  image_path: string | null;
  variants: { id: string; size: string; stock: number }[];
}

/** The product as /store's live refresh reads it: public.store_items with the anon key, as a visitor. */
async function listed(name: string): Promise<ListedProduct | undefined> {
  const anonKey = process.env['E2E_SUPABASE_ANON_KEY'];
  if (!anonKey) throw new Error('E2E_SUPABASE_ANON_KEY is not set');
  const visitor = createClient(supabaseUrl(), anonKey, { auth: { persistSession: false } });
  const { data, error } = await visitor.rpc('store_items');
  if (error) throw new Error(error.message);
  return (data as unknown as ListedProduct[]).find((item) => item.name === name);
}

const lowStockCount = async (page: Page) =>
  Number(await page.locator('[data-kpi="Sizes low on stock"] [data-kpi-value]').innerText());

test('an admin adds a product with a picture and two sizes, changes its stock and hides it', async ({
  page,
}) => {
  test.slow(); // many saves, each re-read, on a shared machine
  const name = `Lantern Mug ${Date.now()}`;
  const admin = await openAdminScreen(page, '/admin', 'Overview');
  await expect(page.locator('[data-kpi="Sizes low on stock"] [data-kpi-value]')).toHaveText(/^\d+$/);
  const lowBefore = await lowStockCount(page);

  await page.goto('/admin/merchandise');
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { name: 'New product', level: 2 })).toBeVisible();

  // The rules are checked before anything is sent.
  await page.getByLabel('Price (AUD, GST included)').fill('34.999');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Please enter the product name.')).toBeVisible();
  await expect(page.getByText('Enter the price in dollars, such as 24.99.')).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (AUD, GST included)').fill('34.95');
  await page
    .getByLabel(/Add an image/)
    .setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: `Picture of ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { name: `Edit product: ${name}`, level: 2 })).toBeVisible();

  // Two sizes; a second size of the same name is refused in words.
  const newSize = page.getByRole('form', { name: 'New size' });
  await newSize.getByLabel('Size').fill('Small');
  await newSize.getByLabel('Stock').fill('10');
  await newSize.getByRole('button', { name: 'Add size' }).click();
  await expect(page.getByRole('group', { name: 'Size Small' })).toContainText('10 on the shelf');
  await newSize.getByLabel('Size').fill('Large');
  await newSize.getByLabel('Stock').fill('4');
  await newSize.getByRole('button', { name: 'Add size' }).click();
  await expect(page.getByRole('group', { name: 'Size Large' })).toContainText('4 on the shelf');
  await newSize.getByLabel('Size').fill('Small');
  await newSize.getByRole('button', { name: 'Add size' }).click();
  await expect(page.getByText('This product already has that size.')).toBeVisible();

  // Hidden until shown: the store does not list it.
  expect(await listed(name)).toBeUndefined();
  await page.getByLabel('Show in the store').check();
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Shown in the store, and sold.')).toBeVisible();
  const shown = await listed(name);
  expect(shown).toMatchObject({ price_cents: 3495, status: 'available' });
  expect(shown!.image_path).toMatch(new RegExp(`^${admin.id}/\\d+\\.png$`));
  expect(shown!.variants.map(({ size, stock }) => ({ size, stock }))).toEqual([
    { size: 'Small', stock: 10 },
    { size: 'Large', stock: 4 },
  ]);

  // Stock moves by what arrived or left: a sale made while this screen was open is kept.
  const small = shown!.variants[0]!;
  await adminClient().from('product_variants').update({ stock: 7 }).eq('id', small.id); // three sold meanwhile
  const smallRow = page.getByRole('group', { name: 'Size Small' });
  await smallRow.getByLabel('Add or take off').fill('+5');
  await smallRow.getByRole('button', { name: 'Change stock' }).click();
  await expect(page.getByText(`${name} (Small): 12 on the shelf now.`)).toBeVisible();
  await expect(smallRow).toContainText('12 on the shelf');
  const largeRow = page.getByRole('group', { name: 'Size Large' });
  await largeRow.getByLabel('Add or take off').fill('-9');
  await largeRow.getByRole('button', { name: 'Change stock' }).click();
  await expect(page.getByText('Only 4 on the shelf: you can take off at most 4.')).toBeVisible();
  await largeRow.getByLabel('Add or take off').fill('-2');
  await largeRow.getByRole('button', { name: 'Change stock' }).click();
  await expect(largeRow).toContainText('2 on the shelf');
  expect((await listed(name))!.variants.map(({ stock }) => stock)).toEqual([12, 2]);

  // The list flags the low size; the overview counts it.
  await page.goto(`/admin/merchandise?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$34.95');
  await expect(row).toContainText('Shown');
  await expect(row).toContainText('Low: Large (2)');
  await page.goto('/admin');
  await expect.poll(() => lowStockCount(page)).toBe(lowBefore + 1);
  await page.locator('[data-kpi="Sizes low on stock"] a').click();
  await expect(page.getByRole('heading', { name: 'Merchandise', level: 2 })).toBeVisible();

  // Hidden again: the store no longer lists or sells it.
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  await page.getByRole('link', { name }).click();
  await page.getByLabel('Show in the store').uncheck();
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Hidden: not listed in the store, and not sold.')).toBeVisible();
  await expect.poll(() => listed(name)).toBeUndefined();

  // Every change is in the audit log, by this admin.
  const { data: logged } = await adminClient()
    .from('audit_log')
    .select('entity_noun, action')
    .eq('actor_id', admin.id)
    .in('entity', ['products', 'product_variants']);
  expect(logged).toEqual(
    expect.arrayContaining([
      { entity_noun: 'product', action: 'insert' },
      { entity_noun: 'size', action: 'insert' },
      { entity_noun: 'size', action: 'update' },
      { entity_noun: 'product', action: 'update' },
    ]),
  );
});

test('the store settings refuse a discount over 50% and keep what they had', async ({ page }) => {
  await openAdminScreen(page, '/admin/merchandise', 'Merchandise');
  const settings = page.getByRole('form', { name: 'Store settings' });
  await expect(settings.getByLabel('Member discount (%)')).toHaveValue('10');
  await settings.getByLabel('Member discount (%)').fill('60');
  await settings.getByLabel('Low-stock level').fill('-1');
  await settings.getByRole('button', { name: 'Save store settings' }).click();
  await expect(settings.getByText('Enter the member discount as a whole number from 0 to 50.')).toBeVisible();
  await expect(
    settings.getByText('Enter the low-stock level as a whole number from 0 to 1,000.'),
  ).toBeVisible();
  const { data } = await adminClient().from('store_settings').select('member_discount_percent').single();
  expect(data).toEqual({ member_discount_percent: 10 });
});

for (const theme of ['light', 'dark'] as const) {
  test(`/admin/merchandise and a product's editor pass axe in the ${theme} theme`, async ({ page }) => {
    test.slow();
    const { data: product, error } = await adminClient()
      .from('products')
      .insert({ slug: `axe-mug-${theme}-${Date.now()}`, name: `Axe Mug ${theme}`, price_cents: 2000 })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    await adminClient()
      .from('product_variants')
      .insert([
        { product_id: product.id, size: 'Small', stock: 1, position: 1 },
        { product_id: product.id, size: 'Large', stock: 40, position: 2 },
      ]);
    await useStoredTheme(page.context(), theme);
    await openAdminScreen(
      page,
      `/admin/merchandise?q=${encodeURIComponent(`Axe Mug ${theme}`)}`,
      'Merchandise',
    );
    await expect(page.getByRole('row').filter({ hasText: `Axe Mug ${theme}` })).toContainText(
      'Low: Small (1)',
    );
    await expect(page.getByRole('form', { name: 'Store settings' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/admin/merchandise/product?id=${product.id}`);
    await expect(page.getByRole('group', { name: 'Size Large' })).toBeVisible();
    const small = page.getByRole('group', { name: 'Size Small' });
    await small.getByRole('button', { name: 'Change stock' }).click();
    await expect(small.getByText('Enter how many to add or take off, such as 12 or -3.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
