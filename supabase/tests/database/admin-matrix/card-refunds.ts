import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';
import { BOOKINGS_ID } from './bookings.ts';

/** A card payment on the member's booking (admin-matrix/bookings.ts) and a refund request of each kind. */
const REFUND_ID = {
  cardPayment: 'fc200000-0000-4000-8000-000000000001',
  requested: 'fc200000-0000-4000-8000-000000000002',
  failed: 'fc200000-0000-4000-8000-000000000003',
};

/**
 * Card refunds through Stripe (issue 22, migration 20261203900001, decision 0090): admins read the refund
 * requests, nobody writes them through the API; request_card_refund is an admin's (a signed-in member is
 * refused by its own check, 42501; a visitor may not call it); the stripe-refund function's two calls, the
 * sweep of attempts, the wake-up and what is left to refund are the service role's only.
 */
export const CARD_REFUNDS_MATRIX: MatrixPart = {
  tables: {
    card_refund_requests: {
      select: [
        `select count(*)::int as n from public.card_refund_requests where id in (${ids(REFUND_ID.requested, REFUND_ID.failed)})`,
        ['denied', 0, 0, 2],
      ],
      insert: [
        `insert into public.card_refund_requests (payment_id, amount_cents, reason)
         values ('${REFUND_ID.cardPayment}', 100, 'Matrix')`,
        ALL_DENIED,
      ],
      update: [
        `update public.card_refund_requests set state = 'failed' where id = '${REFUND_ID.requested}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.card_refund_requests where id = '${REFUND_ID.requested}'`, ALL_DENIED],
    },
  },
  functions: {
    'request_card_refund(payment, amount, reason)': [
      `select count(*)::int as n from public.request_card_refund('${REFUND_ID.cardPayment}', 100, 'Matrix')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'card_refunds_to_make(request)': [
      `select count(*)::int as n from public.card_refunds_to_make()`,
      ALL_DENIED,
    ],
    'settle_card_refund_request(request, refund, failure)': [
      `select count(*)::int as n from public.settle_card_refund_request('${REFUND_ID.requested}', null, 'Matrix')`,
      ALL_DENIED,
    ],
    'private.card_refundable_cents(payment)': [
      `select count(private.card_refundable_cents('${REFUND_ID.cardPayment}'))::int as n`,
      ALL_DENIED,
    ],
    'private.wake_card_refunds()': [`select count(private.wake_card_refunds())::int as n`, ALL_DENIED],
    'private.sweep_card_attempts(at)': [`select private.sweep_card_attempts() as n`, ALL_DENIED],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.payments (id, booking_id, method, amount_cents, received_on, stripe_payment_intent) values
        ('${REFUND_ID.cardPayment}', '${BOOKINGS_ID.bookingMember}', 'card', 5000, current_date, 'pi_matrixrefund');
      insert into public.card_refund_requests (id, payment_id, amount_cents, reason, state, failure) values
        ('${REFUND_ID.requested}', '${REFUND_ID.cardPayment}', 100, 'Matrix', 'requested', null),
        ('${REFUND_ID.failed}', '${REFUND_ID.cardPayment}', 100, 'Matrix', 'failed', 'Stripe refused it');
    `);
  },
};
