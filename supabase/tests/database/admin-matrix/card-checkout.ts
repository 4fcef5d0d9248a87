import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';
import { BOOKINGS_ID } from './bookings.ts';

/** A card payment attempt on each member's booking (admin-matrix/bookings.ts). */
const ATTEMPT_ID = {
  member: 'fc100000-0000-4000-8000-000000000001',
  other: 'fc100000-0000-4000-8000-000000000002',
};

/**
 * Paying by card through Stripe Checkout (issue 22, migration 20261203600001, decision 0087): a member
 * reads the card payment attempts of their own bookings, admins read all, nobody writes them through the
 * API. prepare_card_payment is a signed-in member's for their own booking only (cards are off here, so the
 * owner is refused with 55000 after the ownership check, everyone else finds no such booking);
 * card_payments_enabled is anyone's to ask; the settings row and settle_card_attempt are nobody's.
 */
export const CARD_CHECKOUT_MATRIX: MatrixPart = {
  tables: {
    card_payment_attempts: {
      select: [
        `select count(*)::int as n from public.card_payment_attempts where id in (${ids(ATTEMPT_ID.member, ATTEMPT_ID.other)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.card_payment_attempts (booking_id, purpose, amount_cents, currency)
         values ('${BOOKINGS_ID.bookingMember}', 'extra', 100, 'AUD')`,
        ALL_DENIED,
      ],
      update: [
        `update public.card_payment_attempts set state = 'paid' where id = '${ATTEMPT_ID.member}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.card_payment_attempts where id = '${ATTEMPT_ID.member}'`, ALL_DENIED],
    },
    'private.card_payment_settings': {
      select: [`select count(*)::int as n from private.card_payment_settings`, ALL_DENIED],
      update: [`update private.card_payment_settings set enabled = true`, ALL_DENIED],
    },
  },
  functions: {
    'card_payments_enabled()': [`select public.card_payments_enabled()::int as n`, [0, 0, 0, 0]],
    'prepare_card_payment(booking, purpose, amount)': [
      `select count(*)::int as n from public.prepare_card_payment('${BOOKINGS_ID.bookingMember}', 'balance')`,
      ['denied', 'error 55000', 'error P0002', 'error P0002'],
    ],
    'private.settle_card_attempt(session, state)': [
      `select count(*)::int as n from private.settle_card_attempt('{}', 'paid')`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.card_payment_attempts (id, booking_id, purpose, amount_cents, currency) values
        ('${ATTEMPT_ID.member}', '${BOOKINGS_ID.bookingMember}', 'balance', 100, 'AUD'),
        ('${ATTEMPT_ID.other}', '${BOOKINGS_ID.bookingOther}', 'balance', 100, 'AUD');
    `);
  },
};
