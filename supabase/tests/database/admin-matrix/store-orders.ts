import type { Queryable } from '../../../local/src/db/types.ts';
import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** An order of each member (a sticker pack of the seed's, picked up), paid by bank transfer. */
const ORDER_ID = {
  member: 'fe500000-0000-4000-8000-000000000001',
  other: 'fe500000-0000-4000-8000-000000000002',
};
const STICKERS = 'c2000000-0000-4000-8000-000000000006';
const PICKUP = `'{"method": "pickup"}'::jsonb`;
const STICKER_CART = `'[{"variant_id": "${STICKERS}", "quantity": 1}]'::jsonb`;

async function insertOrders(db: Queryable): Promise<void> {
  await db.exec(`
    insert into public.orders (id, number, user_id, pay_by, delivery, discount_percent, subtotal_cents,
                               discount_cents, shipping_cents, total_cents, gst_cents, expires_at) values
      ('${ORDER_ID.member}', 'S900001', '${ID.member}', 'bank_transfer', 'pickup', 10, 800, 80, 0, 720, 65, now() + interval '7 days'),
      ('${ORDER_ID.other}', 'S900002', '${ID.other}', 'bank_transfer', 'pickup', 10, 800, 80, 0, 720, 65, now() + interval '7 days');
    insert into public.order_lines (order_id, position, variant_id, name, quantity, unit_price_cents,
                                    unit_discount_cents, line_total_cents, gst_cents) values
      ('${ORDER_ID.member}', 1, '${STICKERS}', 'Sticker Pack', 1, 800, 80, 720, 65),
      ('${ORDER_ID.other}', 1, '${STICKERS}', 'Sticker Pack', 1, 800, 80, 720, 65);
  `);
}

/**
 * The store's orders (issue 24, migration 20261204000001, decision 0091): a member reads their own orders and
 * lines, admins all; nobody writes either through the API (place_order, the webhook and the expiry job do).
 * Every signed-in member may place an order (a visitor may not); order_to_pay_by_card is the order's member's
 * only (cards are off here, so the owner is refused with 55000 after the ownership check, everyone else finds
 * no such order). Admins set the postage and the bank transfer days; the helpers are nobody's.
 */
export const STORE_ORDERS_MATRIX: MatrixPart = {
  fixtures: insertOrders,
  tables: {
    orders: {
      select: [
        `select count(*)::int as n from public.orders where id in (${ids(ORDER_ID.member, ORDER_ID.other)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.orders (number, user_id, pay_by, delivery, discount_percent, subtotal_cents,
                                    discount_cents, shipping_cents, total_cents, gst_cents, expires_at)
         values ('S900003', '${ID.member}', 'bank_transfer', 'pickup', 0, 800, 0, 0, 800, 73, now() + interval '1 day')`,
        ALL_DENIED,
      ],
      update: [`update public.orders set state = 'expired' where id = '${ORDER_ID.member}'`, ALL_DENIED],
      delete: [`delete from public.orders where id = '${ORDER_ID.member}'`, ALL_DENIED],
    },
    order_lines: {
      select: [
        `select count(*)::int as n from public.order_lines where order_id in (${ids(ORDER_ID.member, ORDER_ID.other)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.order_lines (order_id, position, variant_id, name, quantity, unit_price_cents,
                                         unit_discount_cents, line_total_cents, gst_cents)
         values ('${ORDER_ID.member}', 2, '${STICKERS}', 'Sticker Pack', 1, 1, 0, 1, 0)`,
        ALL_DENIED,
      ],
      update: [
        `update public.order_lines set unit_discount_cents = 0 where order_id = '${ORDER_ID.member}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.order_lines where order_id = '${ORDER_ID.member}'`, ALL_DENIED],
    },
    'store_settings (postage)': {
      update: [
        `update public.store_settings set shipping_cents = 900, bank_transfer_days = 5`,
        ['denied', 0, 0, 1],
      ],
    },
  },
  functions: {
    'place_order(items, delivery, pay_by, expected_total)': [
      `select count(*)::int as n from public.place_order(${STICKER_CART}, ${PICKUP}, 'bank_transfer', 720)`,
      ['denied', 1, 1, 1],
    ],
    'order_to_pay_by_card(order)': [
      `select count(*)::int as n from public.order_to_pay_by_card('${ORDER_ID.member}')`,
      ['denied', 'error 55000', 'error P0002', 'error P0002'],
    ],
    'private.apply_order_session(type, session)': [
      `select count(*)::int as n from private.apply_order_session('checkout.session.expired', '{}')`,
      ALL_DENIED,
    ],
    'private.expire_store_orders(at)': [`select private.expire_store_orders() as n`, ALL_DENIED],
    'private.queue_order_mail(order, kind)': [
      `select count(*)::int as n from private.queue_order_mail('${ORDER_ID.member}', 'paid')`,
      ALL_DENIED,
    ],
    'private.return_order_stock(order)': [
      `select count(*)::int as n from private.return_order_stock('${ORDER_ID.member}')`,
      ALL_DENIED,
    ],
    'private.delivery_address_problem(...)': [
      `select count(*)::int as n from private.delivery_address_problem('A', 'B', null, 'C', 'NSW', '2000')`,
      ALL_DENIED,
    ],
    // /admin/store (migration 20261205001001, decision 0094): the steps and the screen's reads are admins'
    // (42501 in words for members); both fixture orders are picked up and unpaid, so packing, posting and
    // handing over are refused as wrong steps (55000) even for an admin.
    'mark_order_paid(order, amount)': [
      `select count(*)::int as n from public.mark_order_paid('${ORDER_ID.member}', 720)`,
      ['denied', 'refused', 'refused', 1],
    ],
    'mark_order_packed(order)': [
      `select count(*)::int as n from public.mark_order_packed('${ORDER_ID.member}')`,
      ['denied', 'refused', 'refused', 'error 55000'],
    ],
    'mark_order_shipped(order, tracking, carrier)': [
      `select count(*)::int as n from public.mark_order_shipped('${ORDER_ID.member}', 'AB1234')`,
      ['denied', 'refused', 'refused', 'error 55000'],
    ],
    'mark_order_collected(order)': [
      `select count(*)::int as n from public.mark_order_collected('${ORDER_ID.member}')`,
      ['denied', 'refused', 'refused', 'error 55000'],
    ],
    'admin_orders(search, filter, pay, …)': [
      `select count(*)::int as n from public.admin_orders(search => 'S90000')`,
      ['denied', 'refused', 'refused', 2],
    ],
    'admin_order(order)': [
      `select count(*)::int as n from public.admin_order('${ORDER_ID.other}')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'private.order_for_step(order, step)': [
      `select count(*)::int as n from private.order_for_step('${ORDER_ID.member}', 'paid')`,
      ALL_DENIED,
    ],
    'private.queue_order_step_mail(order, kind)': [
      `select count(*)::int as n from private.queue_order_step_mail('${ORDER_ID.member}', 'ready')`,
      ALL_DENIED,
    ],
    'private.export_orders(member)': [
      `select jsonb_array_length(private.export_orders('${ID.member}')) as n`,
      ALL_DENIED,
    ],
  },
};
