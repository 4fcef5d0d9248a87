import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

/** An open difference and one already resolved. */
const DIFFERENCE_ID = {
  open: 'fc300000-0000-4000-8000-000000000001',
  resolved: 'fc300000-0000-4000-8000-000000000002',
};

/**
 * Reconciling Stripe with the ledger (issue 22, migration 20261205002001, decision 0095): admins read the
 * differences, nobody writes them through the API; resolve_stripe_difference is an admin's (a signed-in
 * member is refused by its own check, 42501; a visitor may not call it); reconcile_stripe is the
 * stripe-reconcile function's, the service role's only.
 */
export const STRIPE_RECONCILIATION_MATRIX: MatrixPart = {
  tables: {
    stripe_differences: {
      select: [
        `select count(*)::int as n from public.stripe_differences where id::text like 'fc300000-%'`,
        ['denied', 0, 0, 2],
      ],
      insert: [
        `insert into public.stripe_differences (kind, stripe_id, currency, stripe_cents)
         values ('payment_not_in_ledger', 'pi_matrixinsert', 'AUD', 100)`,
        ALL_DENIED,
      ],
      update: [
        `update public.stripe_differences set resolved_at = now(), resolved_how = 'marked' where id = '${DIFFERENCE_ID.open}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.stripe_differences where id = '${DIFFERENCE_ID.open}'`, ALL_DENIED],
    },
  },
  functions: {
    'resolve_stripe_difference(id)': [
      `select count(*)::int as n from public.resolve_stripe_difference('${DIFFERENCE_ID.open}')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'reconcile_stripe(from, to, intents, refunds)': [
      `select count(*)::int as n from public.reconcile_stripe(now() - interval '3 days', now(), '[]', '[]')`,
      ALL_DENIED,
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.stripe_differences (id, kind, stripe_id, currency, stripe_cents, ledger_cents, resolved_at, resolved_how) values
        ('${DIFFERENCE_ID.open}', 'payment_not_in_ledger', 'pi_matrixopen', 'AUD', 5000, null, null, null),
        ('${DIFFERENCE_ID.resolved}', 'amount_differs', 'pi_matrixresolved', 'AUD', 5000, 4000, now(), 'marked');
    `);
  },
};
