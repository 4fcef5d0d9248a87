/**
 * /admin/merchandise through supabase-js (decision 0092). Products, their sizes and the store's settings are
 * written straight to their tables, which only admins may write (row-level security) and whose CHECKs say
 * what src/lib/rules/store.ts says; stock moves only through public.adjust_variant_stock, by a signed amount,
 * so a sale made while the screen was open is never overwritten. Every change lands in the audit log.
 */
import type { StorageClient } from '@supabase/storage-js';
import { uploadImage } from '../../../lib/images/upload-image';
import { productSlug } from '../../../lib/rules/store';
import {
  dataError,
  sharedClient,
  unwrap,
  type BrowserSupabase,
  type LoadClient,
} from '../../../lib/supabase/data';
import { pageRange } from '../table/paging';
import type { ListSearch } from '../search';
import { PRODUCT_IMAGES_BUCKET } from '../../store/product-image';
import type { AdminProduct, ProductValues, StoreSettings } from './merchandise';

export type SaveOutcome = { outcome: 'saved' } | { outcome: 'refused'; message: string };

const PRODUCT_COLUMNS =
  'id, slug, name, description, image_path, visible, price_cents, position, variants:product_variants(id, size, stock, position)';

/** The columns the list sorts by (its column ids); anything else sorts by the store's order. */
export const SORTABLE = ['name', 'price_cents', 'visible'] as const;

/** The database's own words as a sentence: 'only 3 on the shelf: …' → 'Only 3 on the shelf: ….' */
export function sentence(message: string): string {
  const text = message.trim();
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

function refusal(error: { code?: string; message: string; details?: string }): {
  outcome: 'refused';
  message: string;
} {
  if (error.code === '23505' && /product_variants_product_size_key/.test(`${error.message} ${error.details}`))
    return { outcome: 'refused', message: 'This product already has that size.' };
  if (error.code === '23503')
    return {
      outcome: 'refused',
      message: 'This size has been ordered, so it stays on the records. Take its stock to 0 instead.',
    };
  if (error.code === '23514')
    return { outcome: 'refused', message: 'Not saved: a field has a value the database refuses.' };
  if (error.code === '42501') return { outcome: 'refused', message: 'Only admins can change the store.' };
  throw dataError(error);
}

const inStoreOrder = (product: AdminProduct): AdminProduct => ({
  ...product,
  variants: [...product.variants].sort(
    (a, b) => a.position - b.position || (a.size ?? '').localeCompare(b.size ?? ''),
  ),
});

/**
 * The text typed into the search box as a PostgREST ilike pattern: LIKE's own wildcards and the backslash
 * match themselves.
 */
const likePattern = (text: string) => `%${text.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function listQuery(supabase: BrowserSupabase, search: ListSearch) {
  let query = supabase.from('products').select(PRODUCT_COLUMNS, { count: 'exact' });
  const text = search.q?.trim();
  if (text) query = query.ilike('name', likePattern(text));
  if (search.filter === 'visible') query = query.eq('visible', true);
  if (search.filter === 'hidden') query = query.eq('visible', false);
  const sort = (SORTABLE as readonly string[]).includes(search.sort ?? '')
    ? (search.sort as (typeof SORTABLE)[number])
    : null;
  const ordered = sort
    ? query.order(sort, { ascending: search.dir !== 'desc' })
    : query.order('position').order('name');
  return ordered.order('id');
}

/** The page of products the address asks for, each with its sizes, and how many match. */
export async function listProducts(
  search: ListSearch,
  client: LoadClient = sharedClient,
): Promise<{ rows: AdminProduct[]; total: number }> {
  const { from, to } = pageRange(search.page ?? 1);
  const result = await listQuery(await client(), search).range(from, to);
  return { rows: (unwrap(result) as AdminProduct[]).map(inStoreOrder), total: result.count ?? 0 };
}

/** One product and its sizes, or null when there is none with that id. */
export async function fetchProduct(
  id: string,
  client: LoadClient = sharedClient,
): Promise<AdminProduct | null> {
  const row = unwrap(
    await (await client()).from('products').select(PRODUCT_COLUMNS).eq('id', id).maybeSingle(),
  ) as AdminProduct | null;
  return row && inStoreOrder(row);
}

/**
 * A new product, hidden until sizes are added and an admin shows it (unless the form says visible). Its
 * address in the store is made from its name; a name another product's address already has gets -2, -3….
 */
export async function createProduct(
  values: ProductValues,
  client: LoadClient = sharedClient,
): Promise<{ outcome: 'created'; id: string } | { outcome: 'refused'; message: string }> {
  const supabase = await client();
  const base = productSlug(values.name);
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const slug = attempt === 1 ? base : `${base.slice(0, 95).replace(/-+$/, '')}-${attempt}`;
    const { data, error } = await supabase
      .from('products')
      .insert({ ...values, slug })
      .select('id')
      .single();
    if (!error) return { outcome: 'created', id: data.id };
    if (error.code === '23505' && /products_slug_key/.test(`${error.message} ${error.details}`)) continue;
    return refusal(error);
  }
  return { outcome: 'refused', message: 'Too many products have this name. Please choose another.' };
}

/** Saves the product's fields; its address in the store stays as it was, so links keep working. */
export async function updateProduct(
  id: string,
  values: ProductValues,
  client: LoadClient = sharedClient,
): Promise<SaveOutcome> {
  const { data, error } = await (await client()).from('products').update(values).eq('id', id).select('id');
  if (error) return refusal(error);
  return data.length === 1
    ? { outcome: 'saved' }
    : { outcome: 'refused', message: 'This product no longer exists.' };
}

export async function addSize(
  productId: string,
  size: { size: string; stock: number; position: number },
  client: LoadClient = sharedClient,
): Promise<SaveOutcome> {
  const { error } = await (
    await client()
  )
    .from('product_variants')
    .insert({ product_id: productId, ...size });
  return error ? refusal(error) : { outcome: 'saved' };
}

export async function renameSize(
  id: string,
  size: string,
  client: LoadClient = sharedClient,
): Promise<SaveOutcome> {
  const { data, error } = await (
    await client()
  )
    .from('product_variants')
    .update({ size })
    .eq('id', id)
    .select('id');
  if (error) return refusal(error);
  return data.length === 1
    ? { outcome: 'saved' }
    : { outcome: 'refused', message: 'This size no longer exists.' };
}

/** Removes a size (members' carts drop it); one that has been ordered stays, and the refusal says so. */
export async function removeSize(id: string, client: LoadClient = sharedClient): Promise<SaveOutcome> {
  const { error } = await (await client()).from('product_variants').delete().eq('id', id);
  return error ? refusal(error) : { outcome: 'saved' };
}

/** Adds (or, negative, takes off) stock; answers what is on the shelf now, or the database's refusal. */
export async function adjustStock(
  variantId: string,
  change: number,
  client: LoadClient = sharedClient,
): Promise<{ outcome: 'adjusted'; stock: number } | { outcome: 'refused'; message: string }> {
  const { data, error } = await (
    await client()
  ).rpc('adjust_variant_stock', {
    p_variant_id: variantId,
    p_change: change,
  });
  if (!error) return { outcome: 'adjusted', stock: data };
  if (error.code === '22023' || error.code === 'P0002' || error.code === '42501')
    return { outcome: 'refused', message: sentence(error.message) };
  throw dataError(error);
}

/** Uploads a picked picture into the admin's folder of the product-images bucket. */
export async function uploadProductImage(
  storage: StorageClient,
  userId: string,
  file: File,
): Promise<{ path: string } | { refused: string }> {
  const result = await uploadImage(storage, PRODUCT_IMAGES_BUCKET, userId, file);
  return result.outcome === 'refused' ? { refused: result.message } : { path: result.path };
}

export async function fetchStoreSettings(client: LoadClient = sharedClient): Promise<StoreSettings> {
  return unwrap(
    await (
      await client()
    )
      .from('store_settings')
      .select('member_discount_percent, low_stock_threshold')
      .single(),
  );
}

export async function saveStoreSettings(
  settings: StoreSettings,
  client: LoadClient = sharedClient,
): Promise<SaveOutcome> {
  const { data, error } = await (
    await client()
  )
    .from('store_settings')
    .update(settings)
    .eq('only_row', true)
    .select('only_row');
  if (error) return refusal(error);
  return data.length === 1
    ? { outcome: 'saved' }
    : { outcome: 'refused', message: 'Only admins can change the store.' };
}
