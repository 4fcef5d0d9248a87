import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** Payment notices on the fixtures' bookings: one each for the member and the other member. */
export const AFTER_BOOKING_ID = {
  noticeMember: 'fa200000-0000-4000-8000-000000000601',
  noticeOther: 'fa200000-0000-4000-8000-000000000602',
};

/**
 * After booking (decision 0073): a member tells the company about a transfer on their own booking and reads
 * their notices and withdraws their own pending one, admins read all, nobody edits one (a recorded payment
 * matches it). A member asks
 * to cancel their own booking only (an admin's call on someone else's booking finds nothing). The cut-off day
 * is told to the booking's member and admins; the two private helpers the cut-off trigger calls answer only
 * about the caller's own bookings.
 */
export const AFTER_BOOKING_MATRIX: MatrixPart = {
  tables: {
    payment_notices: {
      select: [
        `select count(*)::int as n from public.payment_notices where id in (${ids(AFTER_BOOKING_ID.noticeMember, AFTER_BOOKING_ID.noticeOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.payment_notices (booking_id, amount_cents, paid_on) values ('${ID.bookingMember}', 100, private.sydney_today())`,
        ['denied', 1, 'rls', 'rls'],
      ],
      update: [
        `update public.payment_notices set amount_cents = 1 where id = '${AFTER_BOOKING_ID.noticeMember}'`,
        ALL_DENIED,
      ],
      delete: [
        `delete from public.payment_notices where id = '${AFTER_BOOKING_ID.noticeMember}'`,
        ['denied', 1, 0, 0],
      ],
    },
    'bookings (cancellation request columns)': {
      update: [
        `update public.bookings set cancellation_requested_at = now() where id = '${ID.bookingMember}'`,
        ['denied', 0, 0, 1],
      ],
    },
  },
  functions: {
    'request_cancellation(booking, reason)': [
      `select count(*)::int as n from public.request_cancellation('${ID.bookingMember}', 'Plans changed')`,
      ['denied', 1, 'error P0002', 'error P0002'],
    ],
    'traveller_changes_close_on(booking)': [
      `select count(public.traveller_changes_close_on('${ID.bookingMember}'))::int as n`,
      ['denied', 1, 0, 1],
    ],
    'private.traveller_changes_close_on(event)': [
      `select count(private.traveller_changes_close_on('${ID.published}'))::int as n`,
      ['denied', 1, 1, 1],
    ],
    'private.closed_traveller_changes(bookings)': [
      // Closed for nobody (the fixtures' trips have no cut-off), and never about someone else's booking.
      `select count(*)::int as n from private.closed_traveller_changes(array['${ID.bookingMember}'::uuid])`,
      ['denied', 0, 0, 0],
    ],
    'private.money_text(cents)': [`select count(private.money_text(100))::int as n`, ALL_DENIED],
  },
  fixtures: async (db) => {
    // Last of the parts: the matrix's departures (some within 30 days) leave members' travellers open, so
    // the travellers cells read the policies; the cut-off has its own tests (booking-member-pages.test.ts).
    await db.exec(`
      update public.events set traveller_changes_close_days = 0;
      insert into public.payment_notices (id, booking_id, amount_cents, paid_on) values
        ('${AFTER_BOOKING_ID.noticeMember}', '${ID.bookingMember}', 1000, private.sydney_today()),
        ('${AFTER_BOOKING_ID.noticeOther}', '${ID.bookingOther}', 1000, private.sydney_today());
    `);
  },
};
