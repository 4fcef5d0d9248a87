import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** A departure with one booking each for the member and the other member, each with a payment. */
export const BOOKINGS_ID = {
  event: 'f2000000-0000-4000-8000-000000000501',
  bookingMember: 'fa000000-0000-4000-8000-000000000501',
  bookingOther: 'fa000000-0000-4000-8000-000000000502',
  paymentMember: 'fa100000-0000-4000-8000-000000000501',
  paymentOther: 'fa100000-0000-4000-8000-000000000502',
  unknownEvent: 'f2000000-0000-4000-8000-0000000005ff',
};

/**
 * The booking engine (issue 21, migration 20261130600001, decision 0071): payments are read by their
 * booking's member and by admins, and written by nobody directly; record_payment is an admin's, the
 * booking settings and invoice counters are operators' only. book_departure is any signed-in member's
 * (here on a departure that does not exist, so every caller who may call it gets its not-found answer).
 */
export const BOOKINGS_MATRIX: MatrixPart = {
  tables: {
    payments: {
      select: [
        `select count(*)::int as n from public.payments where id in (${ids(BOOKINGS_ID.paymentMember, BOOKINGS_ID.paymentOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.payments (booking_id, amount_cents, received_on) values ('${BOOKINGS_ID.bookingMember}', 100, current_date)`,
        ALL_DENIED,
      ],
      update: [
        `update public.payments set amount_cents = 1 where id = '${BOOKINGS_ID.paymentMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.payments where id = '${BOOKINGS_ID.paymentMember}'`, ALL_DENIED],
    },
    'private.booking_settings': {
      select: [`select count(*)::int as n from private.booking_settings`, ALL_DENIED],
      insert: [`insert into private.booking_settings values (true, 1, 1, 1, 'x')`, ALL_DENIED],
      update: [`update private.booking_settings set deposit_per_traveller_cents = 0`, ALL_DENIED],
      delete: [`delete from private.booking_settings`, ALL_DENIED],
    },
    'private.invoice_counters': {
      select: [`select count(*)::int as n from private.invoice_counters`, ALL_DENIED],
      insert: [`insert into private.invoice_counters values (2099, 0)`, ALL_DENIED],
      update: [`update private.invoice_counters set last_number = 0`, ALL_DENIED],
      delete: [`delete from private.invoice_counters`, ALL_DENIED],
    },
  },
  functions: {
    'book_departure(event, travellers, terms)': [
      `select count(*)::int as n from public.book_departure('${BOOKINGS_ID.unknownEvent}', array['${ID.travellerMember}'::uuid], '2026-11')`,
      ['denied', 'error P0002', 'error P0002', 'error P0002'],
    ],
    'quote_booking(event, travellers)': [
      // 200 days out: the deposit today and the balance 90 days before departure.
      `select count(*)::int as n from public.quote_booking('${BOOKINGS_ID.event}', 1)`,
      [2, 2, 2, 2],
    ],
    'current_terms_version()': [
      `select count(*)::int as n from public.current_terms_version() where current_terms_version = '2026-11'`,
      [1, 1, 1, 1],
    ],
    'record_payment(booking, amount, day, reference)': [
      `select count(*)::int as n from public.record_payment('${BOOKINGS_ID.bookingMember}', 100, current_date, 'Matrix')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'private.next_invoice_number()': [`select count(private.next_invoice_number())::int as n`, ALL_DENIED],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date, price_cents) values
        ('${BOOKINGS_ID.event}', 'bookings-matrix-trip', 'Bookings matrix trip', 'published',
         private.sydney_today() + 200, private.sydney_today() + 202, 100000);
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents, deposit_cents) values
        ('${BOOKINGS_ID.bookingMember}', '${BOOKINGS_ID.event}', '${ID.member}', 'FIX-0501', 100000, 80000),
        ('${BOOKINGS_ID.bookingOther}', '${BOOKINGS_ID.event}', '${ID.other}', 'FIX-0502', 100000, 80000);
      insert into public.payments (id, booking_id, amount_cents, received_on) values
        ('${BOOKINGS_ID.paymentMember}', '${BOOKINGS_ID.bookingMember}', 1000, current_date),
        ('${BOOKINGS_ID.paymentOther}', '${BOOKINGS_ID.bookingOther}', 1000, current_date);
    `);
  },
};
