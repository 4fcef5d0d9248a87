import { ID } from '../fixtures.ts';
import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';

/** A booking of the member with two unpaid instalments side by side, and one change to its schedule. */
export const INVOICES_ID = {
  event: 'f2000000-0000-4000-8000-000000000701',
  booking: 'fa000000-0000-4000-8000-000000000701',
  first: 'fb000000-0000-4000-8000-000000000701',
  second: 'fb000000-0000-4000-8000-000000000702',
  change: 'fc000000-0000-4000-8000-000000000701',
};

/**
 * Invoices and schedule edits (decision 0075, migration 20261201400001): invoice versions are read by their
 * booking's member and by admins and written by nobody (the database issues them at commit); schedule
 * changes are admins' to read; the four edits and the manage-plan list are admins' only (a member is
 * refused with 42501, a visitor may not call them).
 */
export const INVOICES_MATRIX: MatrixPart = {
  tables: {
    invoice_versions: {
      select: [
        `select count(distinct booking_id)::int as n from public.invoice_versions where booking_id in (${ids(ID.bookingMember, ID.bookingOther)})`,
        ['denied', 1, 1, 2],
      ],
      insert: [
        `insert into public.invoice_versions (booking_id, version, invoice_number, bill_to, event_title, departs_on, currency, gst_treatment, lines, total_cents, gst_cents, cancelled)
         values ('${ID.bookingMember}', 99, 'FIX-0001', '{}', 'x', current_date, 'AUD', 'taxable', '[]', 0, 0, false)`,
        ALL_DENIED,
      ],
      update: [
        `update public.invoice_versions set total_cents = 0 where booking_id = '${ID.bookingMember}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.invoice_versions where booking_id = '${ID.bookingMember}'`, ALL_DENIED],
    },
    schedule_changes: {
      select: [
        `select count(*)::int as n from public.schedule_changes where id = '${INVOICES_ID.change}'`,
        ['denied', 0, 0, 1],
      ],
      insert: [
        `insert into public.schedule_changes (booking_id, kind, summary) values ('${INVOICES_ID.booking}', 'move', 'x')`,
        ALL_DENIED,
      ],
      update: [
        `update public.schedule_changes set summary = 'y' where id = '${INVOICES_ID.change}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.schedule_changes where id = '${INVOICES_ID.change}'`, ALL_DENIED],
    },
  },
  functions: {
    'move_installment(instalment, day)': [
      `select count(*)::int as n from public.move_installment('${INVOICES_ID.second}', private.sydney_today() + 150)`,
      ['denied', 'refused', 'refused', 2],
    ],
    'split_installment(instalment, first part, day)': [
      `select count(*)::int as n from public.split_installment('${INVOICES_ID.second}', 100, private.sydney_today() + 150)`,
      ['denied', 'refused', 'refused', 3],
    ],
    'merge_installments(first, second)': [
      `select count(*)::int as n from public.merge_installments('${INVOICES_ID.first}', '${INVOICES_ID.second}')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'waive_amount(booking, amount, reason)': [
      `select count(*)::int as n from public.waive_amount('${INVOICES_ID.booking}', 100, 'Matrix waiver')`,
      ['denied', 'refused', 'refused', 2],
    ],
    'admin_schedule_attention(search, filter)': [
      `select count(*)::int as n from public.admin_schedule_attention('FIX-0701', 'changed')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'private.issue_invoice_version(booking)': [
      `select count(private.issue_invoice_version('${INVOICES_ID.booking}'))::int as n`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date, price_cents) values
        ('${INVOICES_ID.event}', 'invoices-matrix-trip', 'Invoices matrix trip', 'published',
         private.sydney_today() + 200, private.sydney_today() + 202, 100000);
      begin;
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents, deposit_cents) values
        ('${INVOICES_ID.booking}', '${INVOICES_ID.event}', '${ID.member}', 'FIX-0701', 100000, 80000);
      insert into public.booking_installments (id, booking_id, due_date, amount_cents) values
        ('${INVOICES_ID.first}', '${INVOICES_ID.booking}', private.sydney_today() + 10, 80000),
        ('${INVOICES_ID.second}', '${INVOICES_ID.booking}', private.sydney_today() + 100, 20000);
      insert into public.schedule_changes (id, booking_id, kind, summary) values
        ('${INVOICES_ID.change}', '${INVOICES_ID.booking}', 'move', 'Moved $200.00');
      commit;
    `);
  },
};
