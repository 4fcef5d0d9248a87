// The admin store screens' pure logic (decision 0094): the list's query from the address, the CSV's columns
// (states in the member's words, orderStateLabel: a pickup order's 'packed' is ready for pickup, its
// 'shipped' collected), and the one step an admin may take next. The database decides each step again.
import * as z from 'zod';
import { formatPrice } from '../../../lib/format/currency';
import { carrierProblem, trackingNumberProblem } from '../../../lib/rules/orders';
import { orderStateLabel } from '../../orders/orders';
import { amountCents, dollars } from '../bookings/bookings';
import type { CsvColumn } from '../table/csv';
import { PAGE_SIZE } from '../table/paging';
import type { OrderSearch } from './order-search';
import { ORDER_SORTS, type OrderRow, type OrderSort, type OrdersQuery } from './orders.data';

type Delivery = 'ship' | 'pickup' | string;

export const PAY_LABELS: Record<string, string> = { card: 'Card', bank_transfer: 'Bank transfer' };
export const payLabel = (payBy: string) => PAY_LABELS[payBy] ?? payBy;

/** The list's `filter`: which state it shows ('' every order). */
export const STATE_FILTERS = [
  { value: '', label: 'Every state' },
  { value: 'awaiting_payment', label: 'Awaiting payment' },
  { value: 'paid', label: 'Paid, to pack' },
  { value: 'packed', label: 'Packed or ready for pickup' },
  { value: 'shipped', label: 'Shipped or collected' },
  { value: 'expired', label: 'Expired' },
] as const;

/** The list's `pay`: how the orders were paid ('' both). */
export const PAY_FILTERS = [
  { value: '', label: 'Card and bank transfer' },
  { value: 'card', label: 'Card' },
  { value: 'bank_transfer', label: 'Bank transfer' },
] as const;

export const money = (cents: number, currency: string) => formatPrice(cents, currency);

/** What the address asks the list for; an unknown sort falls back to the newest first. */
export function ordersQuery(search: OrderSearch, pageSize = PAGE_SIZE): OrdersQuery {
  const sort = ORDER_SORTS.find((key) => key === search.sort) as OrderSort | undefined;
  const state = STATE_FILTERS.find((option) => option.value === search.filter)?.value ?? '';
  return {
    search: search.q?.trim() ?? '',
    sort: sort ?? 'placed',
    dir: sort ? (search.dir ?? 'asc') : 'desc',
    state,
    pay: search.pay ?? '',
    limit: pageSize,
    offset: (Math.max(1, search.page ?? 1) - 1) * pageSize,
  };
}

/** The export: every column of the list and the id, amounts as dollars, dates as ISO so spreadsheets sort them. */
export const ORDER_CSV_COLUMNS: readonly CsvColumn<OrderRow>[] = [
  { header: 'Order number', value: (row) => row.number },
  { header: 'Placed', value: (row) => row.placed_at },
  { header: 'Buyer', value: (row) => row.buyer_name },
  { header: 'E-mail', value: (row) => row.buyer_email },
  { header: 'Items', value: (row) => row.items },
  { header: 'Currency', value: (row) => row.currency },
  { header: 'Total', value: (row) => dollars(row.total_cents) },
  { header: 'Pay by', value: (row) => payLabel(row.pay_by) },
  { header: 'Delivery', value: (row) => (row.delivery === 'pickup' ? 'Pickup' : 'Post') },
  { header: 'State', value: (row) => orderStateLabel(row.state, row.delivery) },
  { header: 'Refunded', value: (row) => dollars(row.refunded_cents) },
  { header: 'Order id', value: (row) => row.id },
];

export type OrderAction = 'paid' | 'packed' | 'shipped' | 'collected';

/**
 * The step an admin may take next on an order, or null: a bank transfer awaiting payment (or expired: its
 * money may still arrive) is marked paid, a paid order packed (ready for pickup), a packed one shipped or
 * collected. A card order is marked paid by Stripe, never here.
 */
export function nextAction(order: { state: string; pay_by: string; delivery: string }): OrderAction | null {
  switch (order.state) {
    case 'awaiting_payment':
    case 'expired':
      return order.pay_by === 'bank_transfer' ? 'paid' : null;
    case 'paid':
      return 'packed';
    case 'packed':
      return order.delivery === 'pickup' ? 'collected' : 'shipped';
    default:
      return null;
  }
}

/** Each step's button, and its dialog's title and confirm label. */
export function actionLabel(action: OrderAction, delivery: Delivery): string {
  switch (action) {
    case 'paid':
      return 'Mark paid';
    case 'packed':
      return delivery === 'pickup' ? 'Mark ready for pickup' : 'Mark packed';
    case 'shipped':
      return 'Mark shipped';
    case 'collected':
      return 'Mark collected';
  }
}

/** A step of the timeline in words. */
export function stepLabel(step: string): string {
  const labels: Record<string, string> = {
    placed: 'Placed',
    paid: 'Paid',
    packed: 'Packed',
    shipped: 'Shipped',
    collected: 'Collected',
    expired: 'Expired unpaid',
  };
  return labels[step] ?? step;
}

/** The step dialog's fields: the amount received (marking paid), the tracking number and carrier (shipping). */
export function stepFormSchema(action: OrderAction, totalCents: number, currency: string) {
  return z
    .object({ amount: z.string(), tracking: z.string(), carrier: z.string() })
    .superRefine((values, context) => {
      if (action === 'paid') {
        const cents = amountCents(values.amount);
        if (cents === null)
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: 'Enter the amount received in dollars, such as 26.40.',
          });
        else if (cents !== totalCents)
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `The order is for ${money(totalCents, currency)}: record the payment when the whole total has arrived.`,
          });
      }
      if (action === 'shipped') {
        const tracking = trackingNumberProblem(values.tracking);
        if (tracking) context.addIssue({ code: 'custom', path: ['tracking'], message: tracking });
        const carrier = carrierProblem(values.carrier);
        if (carrier) context.addIssue({ code: 'custom', path: ['carrier'], message: carrier });
      }
    });
}
export type StepForm = z.infer<ReturnType<typeof stepFormSchema>>;

/**
 * An order's state in the list, with its refunds (decision 0097): 'Paid, refunded' once nothing is left to
 * refund, 'Shipped, part refunded' while some is. refunded_cents counts refunds made or on their way.
 */
export function listStateLabel(row: Pick<OrderRow, 'state' | 'delivery' | 'refunded_cents' | 'total_cents'>) {
  const state = orderStateLabel(row.state, row.delivery);
  if (row.refunded_cents <= 0) return state;
  return `${state}, ${row.refunded_cents >= row.total_cents ? 'refunded' : 'part refunded'}`;
}
