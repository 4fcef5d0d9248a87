import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierProblem,
  normaliseTrackingNumber,
  trackingNumberProblem,
} from '../../../src/lib/rules/orders.ts';
import { insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule, one place (decision 0094): for each value an admin might type in /admin/store's ship dialog,
// mark_order_shipped refuses it with the same words as src/lib/rules/orders.ts, and the orders table's CHECK
// (private.is_tracking_number, private.is_carrier) holds exactly what the rule accepts once normalised.

const TRACKING = [
  '',
  '   ',
  'AB1',
  'AB12',
  ' ab 12 ',
  '33AB1234-5678',
  'x'.repeat(40),
  'x'.repeat(41),
  'AB#1234',
  'AB_1234',
  'ÄB1234',
  'AB\t1234',
  'AB\u00a01234',
  'ab\n12\r\n34',
  'ab\f12\v34',
];
const CARRIERS = [
  '',
  ' ',
  'Australia Post',
  ' Sendle ',
  'x'.repeat(40),
  'x'.repeat(41),
  'a\tb',
  'a\u0085b',
  '𝒳'.repeat(40),
];

describe.each(DATABASE_KINDS)('order rules agree with the database on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const isTracking = async (value: string) =>
    (await testDb.db.query<{ ok: boolean }>(`select private.is_tracking_number($1) as ok`, [value])).rows[0]!
      .ok;
  const isCarrier = async (value: string) =>
    (await testDb.db.query<{ ok: boolean }>(`select coalesce(private.is_carrier($1), false) as ok`, [value]))
      .rows[0]!.ok;

  it.each(TRACKING)('the tracking number %j', async (value) => {
    expect(await isTracking(normaliseTrackingNumber(value))).toBe(trackingNumberProblem(value) === undefined);
    // The function normalises as the rule does, so what it stores is what the form shows.
    const { rows } = await testDb.db.query<{ tracking: string }>(
      `select private.normalise_tracking_number($1) as tracking`,
      [value],
    );
    expect(rows[0]!.tracking).toBe(normaliseTrackingNumber(value));
  });
  it.each(CARRIERS)('the carrier %j', async (value) => {
    const trimmed = value.trim();
    expect(trimmed === '' || (await isCarrier(trimmed))).toBe(carrierProblem(value) === undefined);
  });
});
