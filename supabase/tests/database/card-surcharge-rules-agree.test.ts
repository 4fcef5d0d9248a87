import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardSurchargeCents,
  SURCHARGE_MAX_BPS,
  surchargeBps,
  surchargeProblem,
} from '../../../src/lib/rules/card-surcharge.ts';
import { insertFixtures } from './fixtures.ts';
import { messageOf } from './message-of.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule, one place (decision 0089): the surcharge an admin types is saved by the database exactly when
// src/lib/rules/card-surcharge.ts accepts it, and the page's surcharge on an amount is the database's cent
// for cent, so what a member is shown before paying is what Checkout charges.
const TYPED = [
  '',
  ' ',
  '0',
  '0%',
  '1',
  '1.2',
  '1.2%',
  ' 1.75 ',
  '2.99',
  '3',
  '3.00',
  '3.01',
  '3.1',
  '4',
  '12',
  '1.234',
  '-1',
  'abc',
  '1,2',
];
const AMOUNTS = [50, 99, 101, 5001, 13333, 160000, 2147483];
const RATES = [0, 1, 99, 120, 175, 250, SURCHARGE_MAX_BPS];

describe.each(DATABASE_KINDS)('card surcharge rules agree with the database on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it.each(TYPED)('the surcharge typed as %j', async (typed) => {
    // The form sends the basis points it read; a value it refuses is sent as its nearest number (an empty
    // field as null, words as 301), to show the database refuses it too.
    const number = Number(typed);
    const bps =
      surchargeBps(typed) ?? (typed.trim() === '' ? null : Number.isInteger(number) ? number * 100 : 301);
    const saved =
      (await messageOf(testDb.db, 'admin', `select * from public.set_card_payment_settings(true, $1)`, [
        bps,
      ])) === 'ok';
    expect(saved).toBe(surchargeProblem(typed) === undefined);
  });

  it('computes the same surcharge, cent for cent, as the page shows', async () => {
    const pairs = AMOUNTS.flatMap((amount) => RATES.map((bps) => [amount, bps] as const));
    const { rows } = await testDb.db.query<{ cents: number }>(
      `select private.card_surcharge_cents(a, b) as cents
       from unnest($1::int[], $2::int[]) with ordinality as x(a, b, n) order by n`,
      [pairs.map(([a]) => a), pairs.map(([, b]) => b)],
    );
    expect(rows.map((row) => row.cents)).toEqual(pairs.map(([a, b]) => cardSurchargeCents(a, b)));
  });
});
