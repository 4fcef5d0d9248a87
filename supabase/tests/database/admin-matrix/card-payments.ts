import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';
import { BOOKINGS_ID } from './bookings.ts';

/** A refund of each member's payment (admin-matrix/bookings.ts) and a Stripe event an admin may read. */
const CARD_ID = {
  refundMember: 'fc000000-0000-4000-8000-000000000001',
  refundOther: 'fc000000-0000-4000-8000-000000000002',
  event: 'evt_matrix1',
};

/**
 * Card payments (issue 22, migration 20261203400001, decision 0085): refunds are read like the payments
 * they come from (the booking's member, admins); the Stripe events the webhook applied are an admin's to
 * read; nobody writes either but apply_stripe_event, which only the service role (the webhook) may call.
 * No column any API role can read is named like a Stripe secret: the keys live in the functions'
 * environment, never in the database.
 */
export const CARD_PAYMENTS_MATRIX: MatrixPart = {
  tables: {
    payment_refunds: {
      select: [
        `select count(*)::int as n from public.payment_refunds where id in (${ids(CARD_ID.refundMember, CARD_ID.refundOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.payment_refunds (payment_id, amount_cents) values ('${BOOKINGS_ID.paymentMember}', 1)`,
        ALL_DENIED,
      ],
      update: [
        `update public.payment_refunds set amount_cents = 1 where id = '${CARD_ID.refundMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.payment_refunds where id = '${CARD_ID.refundMember}'`, ALL_DENIED],
    },
    stripe_events: {
      select: [
        `select count(*)::int as n from public.stripe_events where id = '${CARD_ID.event}'`,
        ['denied', 0, 0, 1],
      ],
      insert: [
        `insert into public.stripe_events (id, type, result) values ('evt_matrix2', 'charge.refunded', 'ignored')`,
        ALL_DENIED,
      ],
      update: [
        `update public.stripe_events set result = 'recorded' where id = '${CARD_ID.event}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.stripe_events where id = '${CARD_ID.event}'`, ALL_DENIED],
    },
    'columns named like a Stripe secret': {
      select: [
        `select count(*)::int as n from information_schema.columns
         where column_name ~* '(secret|api_?key|whsec|stripe_key)'`,
        [0, 0, 0, 0],
      ],
    },
  },
  functions: {
    'apply_stripe_event(id, type, object)': [
      `select count(*)::int as n from public.apply_stripe_event('evt_matrix3', 'charge.refunded', '{}')`,
      ALL_DENIED,
    ],
    'private.record_card_payment(session)': [
      `select count(*)::int as n from private.record_card_payment('{}')`,
      ALL_DENIED,
    ],
    'private.record_card_refund(refund)': [
      `select count(*)::int as n from private.record_card_refund('{}')`,
      ALL_DENIED,
    ],
    'private.release_checkout_hold(session)': [
      `select count(*)::int as n from private.release_checkout_hold('{}')`,
      ALL_DENIED,
    ],
    'private.unapply_refunded(booking)': [
      `select count(*)::int as n from private.unapply_refunded('${BOOKINGS_ID.bookingMember}')`,
      ALL_DENIED,
    ],
    'private.stripe_booking_id(object)': [
      `select count(private.stripe_booking_id('{}'))::int as n`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.payment_refunds (id, payment_id, amount_cents, stripe_refund_id) values
        ('${CARD_ID.refundMember}', '${BOOKINGS_ID.paymentMember}', 100, 're_matrixmember'),
        ('${CARD_ID.refundOther}', '${BOOKINGS_ID.paymentOther}', 100, 're_matrixother');
      insert into public.stripe_events (id, type, booking_id, result) values
        ('${CARD_ID.event}', 'charge.refunded', '${BOOKINGS_ID.bookingMember}', 'ignored');
    `);
  },
};
