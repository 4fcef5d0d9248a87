import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** An AutoPay attempt and notice on each member's booking. */
const AUTOPAY_ID = {
  attemptMember: 'fd100000-0000-4000-8000-000000000001',
  attemptOther: 'fd100000-0000-4000-8000-000000000002',
};

/**
 * AutoPay (issue 22, migration 20261203700001, decision 0088): a booking's enrolment, attempts and notices
 * are read by its member and by admins and written by nobody through the API. turn_on_autopay and
 * turn_off_autopay are the booking member's (cards are off here, so turning on is refused with 55000 after
 * the ownership check; everyone else finds no such booking). What the stripe-autopay function calls is the
 * service role's only; the job, the settings, the terms and the webhook's helpers are nobody's.
 */
export const AUTOPAY_MATRIX: MatrixPart = {
  tables: {
    autopay_enrolments: {
      select: [
        `select count(*)::int as n from public.autopay_enrolments where booking_id in (${ids(ID.bookingMember, ID.bookingOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.autopay_enrolments (booking_id, user_id, terms_version)
         values ('${ID.bookingMember}', '${ID.member}', 1) on conflict do nothing`,
        ALL_DENIED,
      ],
      update: [
        `update public.autopay_enrolments set stripe_customer = 'cus_Thief' where booking_id = '${ID.bookingMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.autopay_enrolments where booking_id = '${ID.bookingMember}'`, ALL_DENIED],
    },
    autopay_attempts: {
      select: [
        `select count(*)::int as n from public.autopay_attempts where id in (${ids(AUTOPAY_ID.attemptMember, AUTOPAY_ID.attemptOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.autopay_attempts (booking_id, due_date, amount_cents, currency)
         values ('${ID.bookingMember}', '2026-09-01', 100, 'AUD')`,
        ALL_DENIED,
      ],
      update: [
        `update public.autopay_attempts set state = 'succeeded', settled_at = now() where id = '${AUTOPAY_ID.attemptMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.autopay_attempts where id = '${AUTOPAY_ID.attemptMember}'`, ALL_DENIED],
    },
    autopay_notices: {
      select: [
        `select count(*)::int as n from public.autopay_notices where booking_id in (${ids(ID.bookingMember, ID.bookingOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.autopay_notices (booking_id, due_date, amount_cents, sent_on)
         values ('${ID.bookingMember}', '2026-09-01', 100, '2026-08-29')`,
        ALL_DENIED,
      ],
      update: [
        `update public.autopay_notices set amount_cents = 1 where booking_id = '${ID.bookingMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.autopay_notices where booking_id = '${ID.bookingMember}'`, ALL_DENIED],
    },
    'private.autopay_settings': {
      select: [`select count(*)::int as n from private.autopay_settings`, ALL_DENIED],
      update: [`update private.autopay_settings set notice_days = 5`, ALL_DENIED],
    },
    'private.autopay_terms': {
      select: [`select count(*)::int as n from private.autopay_terms`, ALL_DENIED],
      update: [`update private.autopay_terms set body = 'Anything'`, ALL_DENIED],
    },
  },
  functions: {
    'turn_on_autopay(booking, terms version)': [
      `select count(*)::int as n from public.turn_on_autopay('${ID.bookingMember}', 1::smallint)`,
      ['denied', 'error 55000', 'error P0002', 'error P0002'],
    ],
    'turn_off_autopay(booking)': [
      `select count(*)::int as n from public.turn_off_autopay('${ID.bookingMember}')`,
      ['denied', 1, 'error P0002', 'error P0002'],
    ],
    'autopay_charges_to_make()': [
      `select count(*)::int as n from public.autopay_charges_to_make()`,
      ALL_DENIED,
    ],
    'report_autopay_charge(attempt, intent)': [
      `select count(public.report_autopay_charge('${AUTOPAY_ID.attemptMember}', '{"status":"succeeded"}'))::int as n`,
      ALL_DENIED,
    ],
    'private.run_autopay(day)': [`select count(private.run_autopay('2026-09-01'))::int as n`, ALL_DENIED],
    'private.settle_autopay_attempt(intent)': [
      `select count(*)::int as n from private.settle_autopay_attempt('{}')`,
      ALL_DENIED,
    ],
    'private.save_autopay_card(object)': [
      `select count(*)::int as n from private.save_autopay_card('{}')`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.autopay_enrolments (booking_id, user_id, terms_version, state, stripe_customer,
        stripe_payment_method, card_saved_at) values
        ('${ID.bookingMember}', '${ID.member}', 1, 'active', 'cus_Member', 'pm_Member', now()),
        ('${ID.bookingOther}', '${ID.other}', 1, 'active', 'cus_Other', 'pm_Other', now());
      insert into public.autopay_attempts (id, booking_id, installment_id, due_date, amount_cents, currency) values
        ('${AUTOPAY_ID.attemptMember}', '${ID.bookingMember}', '${ID.instalmentMember2}', '2026-09-01', 50000, 'AUD'),
        ('${AUTOPAY_ID.attemptOther}', '${ID.bookingOther}', '${ID.instalmentOther}', '2026-06-01', 100000, 'AUD');
      insert into public.autopay_notices (booking_id, installment_id, due_date, amount_cents, sent_on) values
        ('${ID.bookingMember}', '${ID.instalmentMember2}', '2026-09-01', 50000, '2026-08-29'),
        ('${ID.bookingOther}', '${ID.instalmentOther}', '2026-06-01', 100000, '2026-05-29');
    `);
  },
};
