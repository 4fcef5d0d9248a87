import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

/** The templates the migration seeds (20261201500001). */
const SEEDED_PLAN = {
  depositThenBalance: '0a7e0000-0000-4000-8000-000000000001',
  threeMonthly: '0a7e0000-0000-4000-8000-000000000003',
};

/**
 * Payment plan templates (issue 21, migration 20261201500001, decision 0076): admins read and write them;
 * members and visitors never see a template, only the schedules it gives (quote_booking, their own
 * instalments). The preview is an admin's; the date functions are the booking engine's own.
 */
export const PAYMENT_PLANS_MATRIX: MatrixPart = {
  tables: {
    payment_plans: {
      select: [
        `select count(*)::int as n from public.payment_plans where id in ('${SEEDED_PLAN.depositThenBalance}', '${SEEDED_PLAN.threeMonthly}')`,
        ['denied', 0, 0, 2],
      ],
      insert: [
        `insert into public.payment_plans (name, kind, parts, spacing, spacing_unit) values ('Matrix plan', 'spaced', 2, 6, 'months')`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [
        `update public.payment_plans set name = 'Renamed by the matrix' where id = '${SEEDED_PLAN.threeMonthly}'`,
        ['denied', 0, 0, 1],
      ],
      delete: [
        `delete from public.payment_plans where id = '${SEEDED_PLAN.depositThenBalance}'`,
        ['denied', 0, 0, 1],
      ],
    },
  },
  functions: {
    'preview_payment_plan(kind, parts, spacing, unit, dates, departure, booked on, price)': [
      `select count(*)::int as n from public.preview_payment_plan('spaced', 3, 1, 'months', null, '2027-09-28', '2027-01-10')`,
      ['denied', 'refused', 'refused', 4],
    ],
    'private.plan_dates(kind, parts, spacing, unit, dates, last due, today)': [
      `select count(*)::int as n from private.plan_dates('spaced', 3, 1, 'months', null, '2027-06-30', '2027-01-10')`,
      ALL_DENIED,
    ],
    'private.plan_due_dates(event, today)': [
      `select count(*)::int as n from private.plan_due_dates('${SEEDED_PLAN.threeMonthly}', current_date)`,
      ALL_DENIED,
    ],
  },
};
