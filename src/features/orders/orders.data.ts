/**
 * The store's orders (decision 0091): the postage price, placing an order (public.place_order prices the cart
 * again and takes the stock; its refusals, 22023/55000, carry a sentence fit to show), the member's orders
 * and one order with its lines (their own only: row-level security), and paying an order by card through the
 * store-checkout Edge Function, which answers the Checkout page's address.
 */
import type { DeliveryAddress } from '../../lib/rules/address';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../lib/supabase/config';
import { DataError, sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { Tables } from '../../lib/supabase/database.types';
import type { CartLine } from '../../stores/cart';
import { toItems } from '../cart/cart.data';

export type Order = Tables<'orders'>;
export type OrderLine = Tables<'order_lines'>;
/** The member's order with its refunds' amounts and states (decision 0097). */
export type OrderWithRefunds = Order & { order_refunds: { amount_cents: number; state: string }[] };
export type OrderWithLines = OrderWithRefunds & { order_lines: OrderLine[] };
export type PayBy = 'card' | 'bank_transfer';
export type Delivery = { method: 'pickup' } | ({ method: 'ship' } & DeliveryAddress);

/** What posting an order costs (GST included, cents); pickup is free. */
export async function fetchShippingCents(client: LoadClient = sharedClient): Promise<number> {
  const supabase = await client();
  return unwrap(await supabase.from('store_settings').select('shipping_cents').single()).shipping_cents;
}

/**
 * Places the order for the cart as the page showed it (expectedTotalCents: the database refuses, in words,
 * when its own total differs). The second address line goes as none when empty.
 */
export async function placeOrder(
  lines: readonly CartLine[],
  delivery: Delivery,
  payBy: PayBy,
  expectedTotalCents: number,
  client: LoadClient = sharedClient,
): Promise<Order> {
  const supabase = await client();
  const sent = delivery.method === 'ship' ? { ...delivery, line2: delivery.line2 || null } : delivery;
  return unwrap(
    await supabase
      .rpc('place_order', {
        items: toItems(lines),
        delivery: sent,
        pay_by: payBy,
        expected_total_cents: expectedTotalCents,
      })
      .single(),
  );
}

/** A refusal the database worded for the buyer (a cart, an address or stock problem), or undefined. */
export function orderRefusal(error: unknown): string | undefined {
  return error instanceof DataError && (error.code === '22023' || error.code === '55000')
    ? error.message
    : undefined;
}

/** One of the member's orders with its lines and refunds; null when it is not theirs or does not exist. */
export async function fetchOrder(
  orderId: string,
  client: LoadClient = sharedClient,
): Promise<OrderWithLines | null> {
  const supabase = await client();
  return unwrap(
    await supabase
      .from('orders')
      .select('*, order_lines(*), order_refunds(amount_cents, state)')
      .eq('id', orderId)
      .order('position', { referencedTable: 'order_lines' })
      .maybeSingle(),
  );
}

/** The member's orders with their refunds, newest first (the dashboard's list). */
export async function fetchMyOrders(client: LoadClient = sharedClient): Promise<OrderWithRefunds[]> {
  const supabase = await client();
  const user = (await supabase.auth.getSession()).data.session?.user.id;
  if (!user) return [];
  return unwrap(
    await supabase
      .from('orders')
      .select('*, order_refunds(amount_cents, state)')
      .eq('user_id', user)
      .order('placed_at', { ascending: false })
      .limit(50),
  );
}

/** A refusal of the card payment the member can read, or a failure to reach the function. */
export class OrderPaymentError extends Error {}

/** The Checkout page's address for the order; throws OrderPaymentError with a sentence otherwise. */
export async function startOrderCardPayment(
  orderId: string,
  client: LoadClient = sharedClient,
): Promise<string> {
  const supabase = await client();
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  if (!token) throw new OrderPaymentError('Please sign in again to pay by card.');
  let response: Response;
  try {
    response = await fetch(`${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/store-checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: SUPABASE_ANON_KEY,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ order_id: orderId }),
    });
  } catch {
    throw new OrderPaymentError('We could not reach the card payment service. Please check your connection.');
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (response.ok && body.url) return body.url;
  throw new OrderPaymentError(body.message ?? 'Your card payment could not be started. Please try again.');
}
