import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** One reminder on each member's booking, as the job records them. */
export const REMINDERS_ID = { member: 9001, other: 9002 };

/**
 * Payment reminders (issue 23, decision 0081, migration 20261203100001): a booking's reminders are read by
 * its member and by admins and written by nobody through the API (the daily job inserts them); the job and
 * its e-mail builder are private, nobody's to call.
 */
export const REMINDERS_MATRIX: MatrixPart = {
  tables: {
    payment_reminders: {
      select: [
        `select count(*)::int as n from public.payment_reminders where booking_id in (${ids(ID.bookingMember, ID.bookingOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.payment_reminders (booking_id, installment_id, kind, due_date, amount_cents, sent_on)
         values ('${ID.bookingMember}', '${ID.instalmentMember2}', 'due', '2026-09-01', 50000, '2026-09-01')`,
        ALL_DENIED,
      ],
      update: [
        `update public.payment_reminders set amount_cents = 1 where booking_id = '${ID.bookingMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.payment_reminders where booking_id = '${ID.bookingMember}'`, ALL_DENIED],
    },
  },
  functions: {
    'private.send_payment_reminders(day)': [
      `select private.send_payment_reminders('2026-08-25') as n`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.payment_reminders (id, booking_id, installment_id, kind, due_date, amount_cents, sent_on)
      overriding system value values
        (${REMINDERS_ID.member}, '${ID.bookingMember}', '${ID.instalmentMember2}', 'before', '2026-09-01', 50000, '2026-08-25'),
        (${REMINDERS_ID.other}, '${ID.bookingOther}', '${ID.instalmentOther}', 'before', '2026-06-01', 100000, '2026-05-25');
    `);
  },
};
