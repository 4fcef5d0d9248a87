import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  planDatesProblem,
  planKindProblem,
  planNameProblem,
  planPartsProblem,
  planShape,
  planSpacingProblem,
} from '../../../src/features/admin/payment-plans/plan-rules.ts';
import { insertFixtures } from './fixtures.ts';
import { outcomeOf } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule per field (decision 0013) for /admin/create-payment-plan (decision 0076): for every boundary
// value, public.payment_plans's CHECKs (private.is_payment_plan_name, private.is_payment_plan) store exactly
// what src/features/admin/payment-plans/plan-rules.ts accepts, in the shape the form saves it. Each plan goes
// in as an admin's insert, as JSON, as supabase-js sends it; a refused value is sent as typed.

const INSERT = `insert into public.payment_plans (name, kind, parts, spacing, spacing_unit, due_dates)
  select j ->> 'name', j ->> 'kind', (j ->> 'parts')::smallint, (j ->> 'spacing')::smallint, j ->> 'spacing_unit',
         case when jsonb_typeof(j -> 'due_dates') = 'array' then
           (select array_agg(d::date order by o) from jsonb_array_elements_text(j -> 'due_dates') with ordinality x(d, o))
         end
  from (select $1::jsonb as j) input`;

const long = (n: number) => 'a'.repeat(n);

describe.each(DATABASE_KINDS)('payment plan rules agree on $name', (kind) => {
  let testDb: TestDatabase;
  let serial = 0;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** Whether the database stores the plan (each insert rolls back; names are kept apart). */
  const stored = async (plan: Record<string, unknown>) =>
    (await outcomeOf(testDb.db, 'admin', INSERT, [JSON.stringify(plan)])) === 1;
  const uniqueName = () => `Agreement plan ${++serial}`;

  it('stores a name exactly when the form accepts it', async () => {
    const names = [
      '',
      ' ',
      'a',
      ' Monthly ',
      'Tab\there',
      'Bell\u0007',
      'C1\u0085',
      'Emoji 👻',
      long(80),
      long(81),
      long(79) + '👻',
      long(80) + '👻',
    ];
    for (const name of names) {
      const accepted = planNameProblem(name) === undefined;
      const sent = accepted ? name.trim() : name;
      const outcome = await stored({ name: sent, kind: 'spaced', parts: 1 });
      expect(outcome, `name ${JSON.stringify(name)}`).toBe(accepted);
    }
  });

  it('stores a spaced plan exactly when the form accepts its parts and spacing', async () => {
    for (const parts of ['', '0', '1', '2', '12', '13', '2.5', 'x'])
      for (const spacing of ['', '0', '1', '12', '13', '365', '366'])
        for (const unit of ['days', 'months', 'weeks']) {
          const form = { kind: 'spaced', parts, spacing, spacing_unit: unit, due_dates: [] };
          const accepted =
            planKindProblem(form.kind) === undefined &&
            planPartsProblem(parts) === undefined &&
            planSpacingProblem(spacing, unit, parts) === undefined;
          const sent = accepted ? planShape(form) : { kind: 'spaced', parts, spacing, spacing_unit: unit };
          const outcome = await stored({ name: uniqueName(), ...sent });
          expect(outcome, `parts ${parts}, every ${spacing} ${unit}`).toBe(accepted);
        }
  });

  it('stores a fixed plan exactly when the form accepts its dates', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, '0')}-01`);
    const cases = [
      [],
      ['2027-01-15'],
      ['2027-03-01', '2027-01-15'],
      ['2027-01-15', '2027-01-15'],
      ['2027-02-29'],
      ['2027-02-28', ''],
      twelve,
      [...twelve, '2028-01-01'],
    ];
    for (const dates of cases) {
      const form = { kind: 'fixed', parts: '', spacing: '', spacing_unit: '', due_dates: dates };
      const accepted = planDatesProblem(dates) === undefined;
      const sent = accepted ? planShape(form) : { kind: 'fixed', due_dates: dates };
      const outcome = await stored({ name: uniqueName(), ...sent });
      expect(outcome, `dates ${JSON.stringify(dates)}`).toBe(accepted);
    }
  });

  it('refuses a kind the form does not offer, and fields of the other kind', async () => {
    expect(planKindProblem('even')).toBeDefined();
    expect(await stored({ name: uniqueName(), kind: 'even', parts: 2 })).toBe(false);
    expect(await stored({ name: uniqueName(), kind: 'fixed', parts: 2, due_dates: ['2027-01-15'] })).toBe(
      false,
    );
    expect(await stored({ name: uniqueName(), kind: 'spaced', parts: 1, due_dates: ['2027-01-15'] })).toBe(
      false,
    );
  });
});
