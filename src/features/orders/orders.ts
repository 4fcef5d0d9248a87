/** The store's orders in the member's words (decision 0091). Pure, so the rules are unit-tested. */
import type { Order } from './orders.data';

export const ORDER_STATE_LABELS: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  expired: 'Expired',
};

/**
 * An order's state in words. A pickup order goes through the same states (decision 0094): its 'packed' is
 * ready for pickup and its 'shipped' collected.
 */
export function orderStateLabel(state: string, delivery?: string): string {
  if (delivery === 'pickup' && state === 'packed') return 'Ready for pickup';
  if (delivery === 'pickup' && state === 'shipped') return 'Collected';
  return ORDER_STATE_LABELS[state] ?? state;
}

/** The order page of an order (also its tax invoice once paid). */
export function orderHref(orderId: string): string {
  return `/store/order?order=${encodeURIComponent(orderId)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order id in the page's address (?order=<id>), or null. */
export function orderIdFrom(search: string): string | null {
  const id = new URLSearchParams(search).get('order');
  return id && UUID.test(id) ? id : null;
}

/** Whether the order is paid (and so has a tax invoice): paid, packed or shipped. */
export function isPaid(order: Pick<Order, 'state'>): boolean {
  return order.state === 'paid' || order.state === 'packed' || order.state === 'shipped';
}

/** A line's label as the cart shows it: 'Haunted Horizons T-shirt (M)', or the name alone. */
export function lineLabel(line: { name: string; size: string | null }): string {
  return line.size ? `${line.name} (${line.size})` : line.name;
}

/** The order's postal address as lines, or null for pickup. */
export function addressLines(order: Order): string[] | null {
  if (order.delivery !== 'ship') return null;
  return [
    order.ship_name,
    order.ship_line1,
    order.ship_line2,
    [order.ship_suburb, order.ship_state, order.ship_postcode].filter(Boolean).join(' '),
  ].filter((line): line is string => Boolean(line));
}

/** An order's refund as the member and the admin read it (decision 0097). */
export interface OrderRefundLike {
  amount_cents: number;
  state: string;
}

/**
 * What an order's refunds gave back (made) and what is still on its way to Stripe (requested); a failed one
 * gives nothing. The database's private.order_refundable_cents counts the same.
 */
export function refundTotals(refunds: readonly OrderRefundLike[]): { made: number; waiting: number } {
  const sum = (state: string) =>
    refunds
      .filter((refund) => refund.state === state)
      .reduce((total, refund) => total + refund.amount_cents, 0);
  return { made: sum('made'), waiting: sum('requested') };
}
