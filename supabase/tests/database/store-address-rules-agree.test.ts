import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AU_STATES,
  deliveryAddressProblems,
  isAuPostcode,
  type DeliveryAddress,
} from '../../../src/lib/rules/address.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule, one place (decision 0091): the checkout form's address rules (src/lib/rules/address.ts) and
// Postgres's private.delivery_address_problem (the orders table's check, place_order's refusal) accept
// exactly the same addresses: every four-digit postcode in every state, and each field's boundary values.
// Values travel as JSON, as supabase-js sends them, and the form sends what was typed, trimmed.

const GOOD: DeliveryAddress = {
  name: 'Mia Member',
  line1: '12 Lantern Street',
  line2: '',
  suburb: 'Hobart',
  state: 'TAS',
  postcode: '7000',
};
const LINES = [
  '',
  ' ',
  'x',
  ' x',
  'x ',
  'x'.repeat(60),
  'x'.repeat(61),
  'x'.repeat(100),
  'x'.repeat(101),
  '𝒳'.repeat(100),
  '𝒳'.repeat(101),
  'a\tb',
  'a\nb',
  'a\u0085b',
  'Flat 3/12 O’Connell St',
];
const STATES = ['', 'TAS', 'tas', 'Tas', 'Tasmania', 'XX', ' TAS'];
const POSTCODES = ['', '700', '07000', '7000 ', 'abcd', '７０００', '0200', '0800', '0000'];

describe.each(DATABASE_KINDS)('store address rules agree with the database on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** The database's verdict on each address: null when it will do, else its words. */
  async function problems(addresses: DeliveryAddress[]): Promise<(string | null)[]> {
    const { rows } = await testDb.db.query<{ problem: string | null }>(
      `select private.delivery_address_problem(a ->> 'name', a ->> 'line1', nullif(a ->> 'line2', ''),
                                               a ->> 'suburb', a ->> 'state', a ->> 'postcode') as problem
       from jsonb_array_elements($1::jsonb) with ordinality as t(a, n) order by n`,
      [JSON.stringify(addresses)],
    );
    return rows.map((row) => row.problem);
  }

  it('places every four-digit postcode in the same state', async () => {
    const { rows } = await testDb.db.query<{ state: string; postcode: string }>(
      `select s.state, lpad(n::text, 4, '0') as postcode
       from unnest($1::text[]) s(state), generate_series(0, 9999) n
       where private.is_au_postcode(s.state, lpad(n::text, 4, '0'))
       order by 1, 2`,
      [AU_STATES],
    );
    const expected = AU_STATES.flatMap((state) =>
      Array.from({ length: 10000 }, (_, n) => String(n).padStart(4, '0'))
        .filter((postcode) => isAuPostcode(state, postcode))
        .map((postcode) => ({ state, postcode })),
    ).sort((a, b) => a.state.localeCompare(b.state) || a.postcode.localeCompare(b.postcode));
    expect(rows).toEqual(expected);
    // Each postcode belongs to one state at most, and the capitals' are where they should be.
    expect(new Set(rows.map((r) => r.postcode)).size).toBe(rows.length);
    for (const [state, postcode] of [
      ['NSW', '2000'],
      ['ACT', '2600'],
      ['VIC', '3000'],
      ['QLD', '4000'],
      ['SA', '5000'],
      ['WA', '6000'],
      ['TAS', '7000'],
      ['NT', '0800'],
    ] as const) {
      expect(isAuPostcode(state, postcode)).toBe(true);
    }
  });

  const cases: [string, DeliveryAddress][] = [
    ['good', GOOD],
    ...LINES.map((v): [string, DeliveryAddress] => [
      `name ${JSON.stringify(v)}`,
      { ...GOOD, name: v.trim() },
    ]),
    ...LINES.map((v): [string, DeliveryAddress] => [
      `street ${JSON.stringify(v)}`,
      { ...GOOD, line1: v.trim() },
    ]),
    ...LINES.map((v): [string, DeliveryAddress] => [
      `line 2 ${JSON.stringify(v)}`,
      { ...GOOD, line2: v.trim() },
    ]),
    ...LINES.map((v): [string, DeliveryAddress] => [
      `suburb ${JSON.stringify(v)}`,
      { ...GOOD, suburb: v.trim() },
    ]),
    // Sent exactly as given too: untrimmed text is refused by both.
    ...LINES.map((v): [string, DeliveryAddress] => [`raw name ${JSON.stringify(v)}`, { ...GOOD, name: v }]),
    ...STATES.map((v): [string, DeliveryAddress] => [`state ${JSON.stringify(v)}`, { ...GOOD, state: v }]),
    ...POSTCODES.map((v): [string, DeliveryAddress] => [
      `postcode ${JSON.stringify(v)}`,
      { ...GOOD, postcode: v },
    ]),
  ];

  it('decides each field’s boundary values alike, in the same words when one field is wrong', async () => {
    const verdicts = await problems(cases.map(([, address]) => address));
    const disagreements = cases.flatMap(([label, address], i) => {
      const form = Object.values(deliveryAddressProblems(address));
      const database = verdicts[i] ?? null;
      const agrees = form.length === 0 ? database === null : form.length > 1 || form[0] === database;
      return agrees ? [] : [{ label, form, database }];
    });
    expect(disagreements).toEqual([]);
    // The boundaries are real: some are refused, some accepted.
    expect(verdicts.filter((v) => v === null).length).toBeGreaterThan(10);
    expect(verdicts.filter((v) => v !== null).length).toBeGreaterThan(20);
  });
});
