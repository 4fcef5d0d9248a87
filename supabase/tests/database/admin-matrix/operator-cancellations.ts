import { ID } from '../fixtures.ts';
import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

/** A departure the company cancelled: the member's booking on it, cancelled with everything refunded, and a transfer. */
const OPERATOR_ID = {
  event: 'f2000000-0000-4000-8000-000000000961',
  booking: 'fa000000-0000-4000-8000-000000000961',
  cancellation: 'fa200000-0000-4000-8000-000000000961',
  transfer: 'fa100000-0000-4000-8000-000000000961',
};
const O = OPERATOR_ID;
// The transfer is less than the deposit, so the member's tier stays as the other cells expect it.

/**
 * Operator cancellations (issue 22, migration 20261205003001, decision 0096): the bank transfers to pay back
 * and recording one are admins' only (a signed-in member is refused by the functions' own check, 42501; a
 * visitor may not call them); what is left of a booking's payments, the member's e-mail, the departure
 * trigger's function and the member-data part are nobody's through the API. The tables they write are in
 * admin-bookings.ts (booking_cancellations) and card-payments.ts (payment_refunds).
 */
export const OPERATOR_CANCELLATIONS_MATRIX: MatrixPart = {
  tables: {},
  functions: {
    'admin_bank_refunds_due(booking)': [
      `select count(*)::int as n from public.admin_bank_refunds_due('${O.booking}')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'record_bank_refund(payment, amount, reference)': [
      `select count(*)::int as n from public.record_bank_refund('${O.transfer}', 100, 'Matrix refund')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'private.payments_left_to_refund(booking)': [
      `select count(*)::int as n from private.payments_left_to_refund('${O.booking}')`,
      ALL_DENIED,
    ],
    'private.queue_company_cancellation_mail(booking)': [
      `select count(*)::int as n from private.queue_company_cancellation_mail('${O.booking}')`,
      ALL_DENIED,
    ],
    // The trigger's function is never callable through the API.
    'private.settle_cancelled_departure()': [
      `select private.settle_cancelled_departure() is null as n`,
      ALL_DENIED,
    ],
    'private.export_refunds_as_staff(member)': [
      `select count(private.export_refunds_as_staff('${ID.admin}'))::int as n`,
      ALL_DENIED,
    ],
    'private.forget_refunds_as_staff(member)': [
      `select count(*)::int as n from private.forget_refunds_as_staff('${ID.admin}')`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date, price_cents) values
        ('${O.event}', 'operator-cancelled-matrix-trip', 'Operator cancelled matrix trip', 'cancelled',
         private.sydney_today() + 200, private.sydney_today() + 202, 100000);
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents, deposit_cents, status) values
        ('${O.booking}', '${O.event}', '${ID.member}', 'FIX-0961', 100000, 80000, 'cancelled');
      insert into public.payments (id, booking_id, method, amount_cents, reference, received_on) values
        ('${O.transfer}', '${O.booking}', 'bank_transfer', 50000, 'Part of the deposit', current_date);
      insert into public.booking_cancellations (id, booking_id, kind, paid_cents, deposit_cents, kept_cents,
                                                refund_cents, credit_cents, reason) values
        ('${O.cancellation}', '${O.booking}', 'company', 50000, 80000, 0, 50000, 0, 'Matrix');
    `);
  },
};
