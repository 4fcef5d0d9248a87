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
  roomEvent: 'f2000000-0000-4000-8000-000000000502',
  roomPublished: 'fa200000-0000-4000-8000-000000000501',
  roomDraft: 'fa200000-0000-4000-8000-000000000502',
};

/**
 * The booking engine (issue 21, migration 20261130600001, decision 0071): payments are read by their
 * booking's member and by admins, and written by nobody directly; record_payment is an admin's, the
 * booking settings and invoice counters are operators' only. book_departure is any signed-in member's
 * (here on a departure that does not exist, so every caller who may call it gets its not-found answer).
 * Decision 0077 adds room options, the bank details (members read them through a function, admins set
 * them), admin_book_departure (admins only) and the booking core and confirmation e-mail (nobody's).
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
    // Decision 0077: everyone reads the room options of the events they may read; admins write them.
    event_room_options: {
      select: [
        `select count(*)::int as n from public.event_room_options where id in (${ids(BOOKINGS_ID.roomPublished, BOOKINGS_ID.roomDraft)})`,
        [1, 1, 1, 2],
      ],
      insert: [
        `insert into public.event_room_options (event_id, label) values ('${BOOKINGS_ID.roomEvent}', 'Matrix suite')`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [
        `update public.event_room_options set supplement_cents = 1 where id = '${BOOKINGS_ID.roomPublished}'`,
        ['denied', 0, 0, 1],
      ],
      delete: [
        `delete from public.event_room_options where id = '${BOOKINGS_ID.roomPublished}'`,
        ['denied', 0, 0, 1],
      ],
    },
    // Members read the bank details through company_bank_details() only.
    'private.company_bank_details': {
      select: [`select count(*)::int as n from private.company_bank_details`, ALL_DENIED],
      insert: [
        `insert into private.company_bank_details (account_name, bsb, account_number) values ('X', '000000', '000000')`,
        ALL_DENIED,
      ],
      update: [`update private.company_bank_details set account_number = '000000'`, ALL_DENIED],
      delete: [`delete from private.company_bank_details`, ALL_DENIED],
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
    'book_departure(event, travellers, terms, rooms)': [
      `select count(*)::int as n from public.book_departure('${BOOKINGS_ID.unknownEvent}', array['${ID.travellerMember}'::uuid], '2026-11', null)`,
      ['denied', 'error P0002', 'error P0002', 'error P0002'],
    ],
    'admin_book_departure(member, event, travellers, rooms)': [
      `select count(*)::int as n from public.admin_book_departure('${ID.member}', '${BOOKINGS_ID.unknownEvent}', array['${ID.travellerMember}'::uuid])`,
      ['denied', 'refused', 'refused', 'error P0002'],
    ],
    'quote_booking(event, travellers, rooms)': [
      // The room's $650 supplement is part of the balance: still the deposit today and the balance later.
      `select count(*)::int as n from public.quote_booking('${BOOKINGS_ID.roomEvent}', 1, array['${BOOKINGS_ID.roomPublished}'::uuid])`,
      [2, 2, 2, 2],
    ],
    'company_bank_details()': [
      `select count(*)::int as n from public.company_bank_details()`,
      ['denied', 1, 1, 1],
    ],
    'set_company_bank_details(name, bsb, number, bank)': [
      `select count(*)::int as n from public.set_company_bank_details('Matrix Pty Ltd', '062000', '12345678')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'private.book_departure_core(...)': [
      `select count(*)::int as n from private.book_departure_core('${ID.member}', '${BOOKINGS_ID.unknownEvent}', array['${ID.travellerMember}'::uuid], '2026-11', null, '${ID.member}')`,
      ALL_DENIED,
    ],
    'private.queue_booking_confirmation(booking)': [
      `select count(private.queue_booking_confirmation('${BOOKINGS_ID.bookingMember}'))::int as n`,
      ALL_DENIED,
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
         private.sydney_today() + 200, private.sydney_today() + 202, 100000),
        ('${BOOKINGS_ID.roomEvent}', 'bookings-matrix-rooms', 'Bookings matrix rooms', 'published',
         private.sydney_today() + 200, private.sydney_today() + 202, 100000);
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents, deposit_cents) values
        ('${BOOKINGS_ID.bookingMember}', '${BOOKINGS_ID.event}', '${ID.member}', 'FIX-0501', 100000, 80000),
        ('${BOOKINGS_ID.bookingOther}', '${BOOKINGS_ID.event}', '${ID.other}', 'FIX-0502', 100000, 80000);
      insert into public.payments (id, booking_id, amount_cents, received_on) values
        ('${BOOKINGS_ID.paymentMember}', '${BOOKINGS_ID.bookingMember}', 1000, current_date),
        ('${BOOKINGS_ID.paymentOther}', '${BOOKINGS_ID.bookingOther}', 1000, current_date);
      insert into public.event_room_options (id, event_id, label, supplement_cents) values
        ('${BOOKINGS_ID.roomPublished}', '${BOOKINGS_ID.roomEvent}', 'Single room', 65000),
        ('${BOOKINGS_ID.roomDraft}', '${ID.draft}', 'Twin share', 0);
      insert into private.company_bank_details (account_name, bsb, account_number)
        values ('Haunted Horizons Pty Ltd', '062000', '12345678') on conflict (id) do nothing;
    `);
  },
};
