/**
 * The cart's database calls (supabase/schemas/22_store.sql): what the cart costs the caller
 * (public.price_cart: the member discount and GST computed there, never here), and a signed-in member's kept
 * cart (public.merge_cart at sign-in, public.save_cart after each change). The database checks every line;
 * its refusals (22023) carry a message fit to show, e.g. "only 6 of Haunted Horizons T-shirt (XL) left".
 */
import * as z from 'zod';
import { DataError, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { CartLine } from '../../stores/cart';

const pricedLine = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  name: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  stock: z.number().int(),
  unit_price_cents: z.number().int(),
  unit_discount_cents: z.number().int(),
  line_total_cents: z.number().int(),
  gst_cents: z.number().int(),
});

const pricedCart = z.object({
  lines: z.array(pricedLine),
  discount_percent: z.number().int(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  gst_cents: z.number().int(),
});

export type PricedLine = z.infer<typeof pricedLine>;
export type PricedCart = z.infer<typeof pricedCart>;

/** The cart as the database takes it. */
export function toItems(lines: readonly CartLine[]) {
  return lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity }));
}

/** The cart's lines, prices, discount and total for the caller; throws a DataError (e.g. code 22023). */
export async function priceCart(
  lines: readonly CartLine[],
  client: LoadClient = sharedClient,
): Promise<PricedCart> {
  const supabase = await client();
  const data = unwrap(await supabase.rpc('price_cart', { items: toItems(lines) }));
  const parsed = pricedCart.safeParse(data);
  if (!parsed.success) throw new DataError('The cart’s prices could not be read.');
  return parsed.data;
}

/** A refusal the database worded for the shopper (a line it cannot price), or undefined. */
export function cartRefusal(error: unknown): string | undefined {
  return error instanceof DataError && error.code === '22023' ? error.message : undefined;
}

function linesOf(rows: { variant_id: string; quantity: number }[]): CartLine[] {
  return rows.map((row) => ({ variantId: row.variant_id, quantity: row.quantity }));
}

/** At sign-in: the browser's cart added to the member's kept one (capped by stock); the cart both now hold. */
export async function mergeCart(
  lines: readonly CartLine[],
  client: LoadClient = sharedClient,
): Promise<CartLine[]> {
  const supabase = await client();
  return linesOf(unwrap(await supabase.rpc('merge_cart', { items: toItems(lines) })));
}

/** After a change in the browser: the member's kept cart becomes the browser's. */
export async function saveCart(lines: readonly CartLine[], client: LoadClient = sharedClient): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.rpc('save_cart', { items: toItems(lines) }));
}
