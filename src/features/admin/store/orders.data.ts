// /admin/store's calls to Supabase (decision 0094). The list is one RPC (admin_orders: search, filters and
// paging in the database); one order is its row with its lines (row-level security lets admins read every
// order) and admin_order's buyer and timeline, read together; each step is a function that checks the
// order is at that step and e-mails the member. Failures are DataErrors carrying the database's words.
import type { Database } from '../../../lib/supabase/database.types';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import { PAGE_SIZE, pageOf, type WithNulls } from '../table/paging';

type Functions = Database['public']['Functions'];
type Tables = Database['public']['Tables'];
type OrdersRecord = Functions['admin_orders']['Returns'][number];

/** The list's sort keys, as admin_orders() takes them. */
export const ORDER_SORTS = ['number', 'placed', 'buyer', 'items', 'total', 'state'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export type OrderRow = Omit<WithNulls<OrdersRecord, 'buyer_name' | 'buyer_email'>, 'total_count'>;

export interface OrdersQuery {
  search?: string | undefined;
  sort?: OrderSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  /** One state; every order when empty. */
  state?: string | undefined;
  /** 'card' or 'bank_transfer'; both when empty. */
  pay?: string | undefined;
  limit?: number;
  offset?: number;
}

export const ordersKey = (query: OrdersQuery) => ['admin', 'orders', 'list', query] as const;
export const orderKey = (id: string) => ['admin', 'orders', 'record', id] as const;

/** One page of orders and how many match, in one request. */
export async function fetchOrders(
  query: OrdersQuery,
  client: LoadClient = sharedClient,
): Promise<{ rows: OrderRow[]; total: number }> {
  const offset = query.offset ?? 0;
  const records = unwrap(
    await (
      await client()
    ).rpc('admin_orders', {
      search: query.search ?? '',
      filter: query.state ?? '',
      pay: query.pay ?? '',
      sort: query.sort ?? 'placed',
      direction: query.dir ?? 'desc',
      page_size: query.limit ?? PAGE_SIZE,
      page_offset: offset,
    }),
  );
  const page = pageOf(records, offset);
  return { rows: page.rows, total: page.total ?? 0 };
}

export type OrderLine = Tables['order_lines']['Row'];
/** A step of the order's timeline: what, when, and the admin who took it (null: the buyer, Stripe or the clock). */
export interface OrderStep {
  step: 'placed' | 'paid' | 'packed' | 'shipped' | 'collected' | 'expired';
  at: string;
  by: string | null;
}

/** One order as the screen shows it: the row, its lines, its refunds, its buyer and its timeline. */
export interface OrderRecord {
  order: Tables['orders']['Row'];
  lines: OrderLine[];
  /** Its refunds, oldest first (decision 0097). */
  refunds: Tables['order_refunds']['Row'][];
  buyer: { name: string | null; email: string | null };
  steps: OrderStep[];
}

/** One order's whole record (two requests, sent together), or null when no order has that id. */
export async function fetchOrder(id: string, client: LoadClient = sharedClient): Promise<OrderRecord | null> {
  const supabase = await client();
  const [row, extra] = await Promise.all([
    supabase.from('orders').select('*, order_lines(*), order_refunds(*)').eq('id', id).maybeSingle(),
    supabase.rpc('admin_order', { p_order_id: id }).maybeSingle(),
  ]);
  const data = unwrap(row);
  const more = unwrap(extra);
  if (!data || !more) return null;
  const { order_lines, order_refunds, ...order } = data;
  return {
    order,
    lines: [...order_lines].sort((a, b) => a.position - b.position),
    refunds: [...order_refunds].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    buyer: { name: more.buyer_name as string | null, email: more.buyer_email as string | null },
    steps: more.steps as unknown as OrderStep[],
  };
}

/** Records that a bank transfer of the whole total arrived (mark_order_paid). */
export async function markOrderPaid(
  orderId: string,
  amountCents: number,
  client: LoadClient = sharedClient,
): Promise<void> {
  unwrap(await (await client()).rpc('mark_order_paid', { p_order_id: orderId, p_amount_cents: amountCents }));
}

/** Packs a paid order; a pickup order becomes ready for pickup (mark_order_packed). */
export async function markOrderPacked(orderId: string, client: LoadClient = sharedClient): Promise<void> {
  unwrap(await (await client()).rpc('mark_order_packed', { p_order_id: orderId }));
}

/** Posts a packed order with its tracking number and, when given, the carrier (mark_order_shipped). */
export async function markOrderShipped(
  orderId: string,
  posting: { trackingNumber: string; carrier: string | null },
  client: LoadClient = sharedClient,
): Promise<void> {
  unwrap(
    await (
      await client()
    ).rpc('mark_order_shipped', {
      p_order_id: orderId,
      p_tracking_number: posting.trackingNumber,
      ...(posting.carrier ? { p_carrier: posting.carrier } : {}),
    }),
  );
}

/** Records that the buyer collected a pickup order that was ready (mark_order_collected). */
export async function markOrderCollected(orderId: string, client: LoadClient = sharedClient): Promise<void> {
  unwrap(await (await client()).rpc('mark_order_collected', { p_order_id: orderId }));
}
