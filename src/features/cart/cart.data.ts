/**
 * The cart's database calls (supabase/schemas/25_store.sql): what the cart costs the caller
 * (public.price_cart: the member discount and GST computed there, never here), and a signed-in member's kept
 * cart (public.merge_cart at sign-in, public.save_cart after each change). The database checks every line;
 * its refusals (22023) carry a message fit to show, e.g. "only 6 of Haunted Horizons T-shirt (XL) left".
 */
import { DataError, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { CartLine } from '../../stores/cart';

export interface PricedLine {
  variant_id: string;
  product_id: string;
  name: string;
  size: string | null;
  quantity: number;
  stock: number;
  unit_price_cents: number;
  unit_discount_cents: number;
  line_total_cents: number;
  gst_cents: number;
}

export interface PricedCart {
  lines: PricedLine[];
  discount_percent: number;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  gst_cents: number;
}

const LINE_NUMBERS = [
  'quantity',
  'stock',
  'unit_price_cents',
  'unit_discount_cents',
  'line_total_cents',
  'gst_cents',
] as const;
const CART_NUMBERS = [
  'discount_percent',
  'subtotal_cents',
  'discount_cents',
  'total_cents',
  'gst_cents',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPricedLine(value: unknown): value is PricedLine {
  return (
    isRecord(value) &&
    typeof value['variant_id'] === 'string' &&
    typeof value['product_id'] === 'string' &&
    typeof value['name'] === 'string' &&
    (value['size'] === null || typeof value['size'] === 'string') &&
    LINE_NUMBERS.every((key) => Number.isInteger(value[key]))
  );
}

/** public.price_cart's answer, checked by hand (the cart sheet loads on every page; zod would double it). */
export function isPricedCart(value: unknown): value is PricedCart {
  return (
    isRecord(value) &&
    Array.isArray(value['lines']) &&
    value['lines'].every(isPricedLine) &&
    CART_NUMBERS.every((key) => Number.isInteger(value[key]))
  );
}

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
  if (!isPricedCart(data)) throw new DataError('The cart’s prices could not be read.');
  return data;
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
