import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** A departure with an open booking and a cancelled one (with a credit) for each of the two members. */
export const ADMIN_BOOKINGS_ID = {
  event: 'f2000000-0000-4000-8000-000000000601',
  open: 'fa000000-0000-4000-8000-000000000601',
  cancelledMember: 'fa000000-0000-4000-8000-000000000602',
  cancelledOther: 'fa000000-0000-4000-8000-000000000603',
  cancellationMember: 'fa200000-0000-4000-8000-000000000602',
  cancellationOther: 'fa200000-0000-4000-8000-000000000603',
  creditMember: 'fa300000-0000-4000-8000-000000000602',
  creditOther: 'fa300000-0000-4000-8000-000000000603',
};
const B = ADMIN_BOOKINGS_ID;
const ADMIN_ONLY = ['denied', 'refused', 'refused'] as const;

/**
 * /admin/bookings (migration 20261201300001, decision 0074): a cancellation and a credit are read by their
 * booking's member and by admins and written by nobody directly (cancel_booking writes them); the list, a
 * booking's figures and history, a payment's preview, cancelling and resending an e-mail are admins' only.
 */
export const ADMIN_BOOKINGS_MATRIX: MatrixPart = {
  tables: {
    booking_cancellations: {
      select: [
        `select count(*)::int as n from public.booking_cancellations where id in (${ids(B.cancellationMember, B.cancellationOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.booking_cancellations (booking_id, paid_cents, deposit_cents, kept_cents, refund_cents, credit_cents, reason)
         values ('${B.open}', 0, 0, 0, 0, 0, 'Matrix')`,
        ALL_DENIED,
      ],
      update: [
        `update public.booking_cancellations set reason = 'Changed' where id = '${B.cancellationMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.booking_cancellations where id = '${B.cancellationMember}'`, ALL_DENIED],
    },
    member_credits: {
      select: [
        `select count(*)::int as n from public.member_credits where id in (${ids(B.creditMember, B.creditOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.member_credits (booking_id, amount_cents, currency, reason) values ('${B.open}', 100, 'AUD', 'Matrix')`,
        ALL_DENIED,
      ],
      update: [
        `update public.member_credits set amount_cents = 1 where id = '${B.creditMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.member_credits where id = '${B.creditMember}'`, ALL_DENIED],
    },
  },
  functions: {
    'admin_bookings(search, filter, event, sort, …)': [
      `select count(*)::int as n from public.admin_bookings(event => '${B.event}')`,
      [...ADMIN_ONLY, 3],
    ],
    'admin_booking(booking)': [
      `select count(*)::int as n from public.admin_booking('${B.open}')`,
      [...ADMIN_ONLY, 1],
    ],
    'admin_booking_history(booking)': [
      // The fixtures are not admin changes, so there is no history to read: the cell is who may ask.
      `select count(*)::int as n from public.admin_booking_history('${B.open}')`,
      [...ADMIN_ONLY, 0],
    ],
    'preview_payment(booking, amount)': [
      `select count(*)::int as n from public.preview_payment('${B.open}', 100)`,
      [...ADMIN_ONLY, 1],
    ],
    'cancel_booking(booking, refund, credit, reason)': [
      `select count(*)::int as n from public.cancel_booking('${B.open}', 0, 0, 'Matrix')`,
      [...ADMIN_ONLY, 1],
    ],
    'resend_booking_email(booking, kind)': [
      `select count(*)::int as n from (select public.resend_booking_email('${B.open}', 'invoice')) sent`,
      [...ADMIN_ONLY, 1],
    ],
    'private.booking_state(status, hold)': [
      `select count(private.booking_state('pending', null))::int as n`,
      ALL_DENIED,
    ],
    'private.mail_money(cents, currency)': [
      `select count(private.mail_money(100, 'AUD'))::int as n`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date, price_cents) values
        ('${B.event}', 'admin-bookings-matrix-trip', 'Admin bookings matrix trip', 'published',
         private.sydney_today() + 200, private.sydney_today() + 202, 100000);
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents, deposit_cents, status) values
        ('${B.open}', '${B.event}', '${ID.member}', 'FIX-0601', 100000, 80000, 'pending'),
        ('${B.cancelledMember}', '${B.event}', '${ID.member}', 'FIX-0602', 100000, 80000, 'cancelled'),
        ('${B.cancelledOther}', '${B.event}', '${ID.other}', 'FIX-0603', 100000, 80000, 'cancelled');
      insert into public.booking_installments (booking_id, due_date, amount_cents) values
        ('${B.open}', private.sydney_today(), 80000),
        ('${B.open}', private.sydney_today() + 110, 20000);
      insert into public.booking_cancellations (id, booking_id, paid_cents, deposit_cents, kept_cents, refund_cents,
                                                credit_cents, reason) values
        ('${B.cancellationMember}', '${B.cancelledMember}', 100000, 80000, 80000, 10000, 10000, 'Matrix'),
        ('${B.cancellationOther}', '${B.cancelledOther}', 100000, 80000, 80000, 10000, 10000, 'Matrix');
      insert into public.member_credits (id, booking_id, amount_cents, currency, reason) values
        ('${B.creditMember}', '${B.cancelledMember}', 10000, 'AUD', 'Matrix'),
        ('${B.creditOther}', '${B.cancelledOther}', 10000, 'AUD', 'Matrix');
    `);
  },
};
