import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

/**
 * /admin/stripe-settings and the card surcharge (issue 22, migration 20261203800001, decision 0089): admins
 * read and change the card payment settings through their functions (others are refused), signed-in members
 * read the bank details, cards on and the surcharge through payment_options (visitors may not call it), and
 * the surcharge's helpers are nobody's. The settings table itself stays closed (admin-matrix/card-checkout.ts).
 */
export const STRIPE_SETTINGS_MATRIX: MatrixPart = {
  tables: {},
  functions: {
    'admin_card_payment_settings()': [
      `select count(*)::int as n from public.admin_card_payment_settings()`,
      ['denied', 'refused', 'refused', 1],
    ],
    'set_card_payment_settings(enabled, bps)': [
      `select count(*)::int as n from public.set_card_payment_settings(false, 0)`,
      ['denied', 'refused', 'refused', 1],
    ],
    'payment_options()': [`select count(*)::int as n from public.payment_options()`, ['denied', 1, 1, 1]],
    'private.card_surcharge_cents(amount, bps)': [
      `select private.card_surcharge_cents(100, 100) as n`,
      ALL_DENIED,
    ],
    'private.set_attempt_surcharge()': [
      `select count(*)::int as n from pg_proc where oid = 'private.set_attempt_surcharge()'::regprocedure
         and has_function_privilege(oid, 'execute')`,
      [0, 0, 0, 0],
    ],
  },
};
