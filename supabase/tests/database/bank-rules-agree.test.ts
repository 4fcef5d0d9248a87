import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountNameProblem,
  accountNumberProblem,
  bankNameProblem,
  bsbDigits,
  bsbProblem,
} from '../../../src/lib/rules/bank.ts';
import { optionalValue } from '../../../src/lib/rules/index.ts';
import { insertFixtures } from './fixtures.ts';
import { messageOf } from './message-of.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule, one place (decision 0077): for each boundary value, the checks of private.company_bank_details
// store what the payment settings form would save exactly when src/lib/rules/bank.ts accepts what was typed.
const GOOD = {
  name: 'Haunted Horizons Pty Ltd',
  bsb: '062000',
  number: '12345678',
  bank: null as string | null,
};
const TEXTS = [
  '',
  ' ',
  'x',
  ' x ',
  'x'.repeat(100),
  'x'.repeat(101),
  '𝒳'.repeat(100),
  '𝒳'.repeat(101),
  'a\tb',
  'a\u0085b',
];
const BSBS = [
  '',
  '062000',
  '062-000',
  '062 000',
  ' 062-000 ',
  '06200',
  '0620000',
  '062-00a',
  '062--000',
  '０６２０００',
];
const NUMBERS = [
  '',
  '12345',
  '123456',
  '1234567890',
  '12345678901',
  '1234 5678',
  ' 12345678 ',
  '12345a78',
  '١٢٣٤٥٦',
];

describe.each(DATABASE_KINDS)('bank detail rules agree with the database on $name', (kind) => {
  let testDb: TestDatabase;
  const stored = async (values: typeof GOOD) =>
    (await messageOf(testDb.db, 'admin', `select * from public.set_company_bank_details($1, $2, $3, $4)`, [
      values.name,
      values.bsb,
      values.number,
      values.bank,
    ])) === 'ok';

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('stores a good set', async () => {
    expect(await stored(GOOD)).toBe(true);
  });
  it.each(TEXTS)('the account name %j', async (value) => {
    expect(await stored({ ...GOOD, name: value.trim() })).toBe(accountNameProblem(value) === undefined);
  });
  it.each(TEXTS)('the bank’s name %j', async (value) => {
    expect(await stored({ ...GOOD, bank: optionalValue(value) })).toBe(bankNameProblem(value) === undefined);
  });
  it.each(BSBS)('the BSB %j', async (value) => {
    // The form saves the six digits; a value it refuses is sent as typed, to show the database refuses it too.
    expect(await stored({ ...GOOD, bsb: bsbDigits(value) ?? value })).toBe(bsbProblem(value) === undefined);
  });
  it.each(NUMBERS)('the account number %j', async (value) => {
    expect(await stored({ ...GOOD, number: value.trim() })).toBe(accountNumberProblem(value) === undefined);
  });
});
