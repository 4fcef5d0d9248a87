import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** A paid bank transfer order of each member (a sticker pack, picked up), each with one refund made. */
const REFUND_ID = {
  memberOrder: 'fe700000-0000-4000-8000-000000000001',
  otherOrder: 'fe700000-0000-4000-8000-000000000002',
  memberRefund: 'fe700000-0000-4000-8000-000000000003',
  otherRefund: 'fe700000-0000-4000-8000-000000000004',
};

/**
 * Refunds of store orders (issue 24, migration 20261206001001, decision 0097): admins read every refund and
 * a member their own order's; nobody writes them through the API. refund_order is an admin's (a member is
 * refused by its own check, 42501; a visitor may not call it); the stripe-refund function's two calls, the
 * webhook's record, the e-mail, the wake-up and what is left to refund are the service role's only.
 */
export const ORDER_REFUNDS_MATRIX: MatrixPart = {
  tables: {
    order_refunds: {
      select: [
        `select count(*)::int as n from public.order_refunds where id in (${ids(REFUND_ID.memberRefund, REFUND_ID.otherRefund)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.order_refunds (order_id, amount_cents, method, reason, state, settled_at)
         values ('${REFUND_ID.memberOrder}', 100, 'bank_transfer', 'Matrix', 'made', now())`,
        ALL_DENIED,
      ],
      update: [
        `update public.order_refunds set amount_cents = 1 where id = '${REFUND_ID.memberRefund}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.order_refunds where id = '${REFUND_ID.memberRefund}'`, ALL_DENIED],
    },
  },
  functions: {
    'refund_order(order, amount, reason, return_stock)': [
      `select count(*)::int as n from public.refund_order('${REFUND_ID.memberOrder}', 100, 'Matrix')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'order_refunds_to_make(refund)': [
      `select count(*)::int as n from public.order_refunds_to_make()`,
      ALL_DENIED,
    ],
    'settle_order_refund(refund, stripe_refund, failure)': [
      `select count(*)::int as n from public.settle_order_refund('${REFUND_ID.memberRefund}', null, 'Matrix')`,
      ALL_DENIED,
    ],
    'private.order_refundable_cents(order)': [
      `select count(private.order_refundable_cents('${REFUND_ID.memberOrder}'))::int as n`,
      ALL_DENIED,
    ],
    'private.record_order_refund(refund)': [
      `select count(*)::int as n from private.record_order_refund('{}')`,
      ALL_DENIED,
    ],
    'private.queue_order_refund_mail(refund)': [
      `select count(*)::int as n from private.queue_order_refund_mail('${REFUND_ID.memberRefund}')`,
      ALL_DENIED,
    ],
    'private.wake_order_refunds()': [`select count(private.wake_order_refunds())::int as n`, ALL_DENIED],
    'private.export_order_refunds_as_staff(member)': [
      `select jsonb_array_length(private.export_order_refunds_as_staff('${ID.admin}')) as n`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.orders (id, number, user_id, state, pay_by, delivery, discount_percent, subtotal_cents,
                                 discount_cents, shipping_cents, total_cents, gst_cents, expires_at, paid_at) values
        ('${REFUND_ID.memberOrder}', 'S900701', '${ID.member}', 'paid', 'bank_transfer', 'pickup', 10, 800, 80, 0, 720, 65, now() + interval '7 days', now()),
        ('${REFUND_ID.otherOrder}', 'S900702', '${ID.other}', 'paid', 'bank_transfer', 'pickup', 10, 800, 80, 0, 720, 65, now() + interval '7 days', now());
      insert into public.order_refunds (id, order_id, amount_cents, method, reason, state, settled_at) values
        ('${REFUND_ID.memberRefund}', '${REFUND_ID.memberOrder}', 100, 'bank_transfer', 'Matrix', 'made', now()),
        ('${REFUND_ID.otherRefund}', '${REFUND_ID.otherOrder}', 100, 'bank_transfer', 'Matrix', 'made', now());
    `);
  },
};
