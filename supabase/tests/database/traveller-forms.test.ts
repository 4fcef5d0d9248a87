import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures, type Actor } from './fixtures.ts';
import { messageOf as messageOfIn } from './message-of.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Traveller forms beyond the matrix (migration 20261127400001): the fields' CHECK names what is wrong, the
// answers are checked against the fields, a second send replaces the first, and only the booked members
// who have not answered are reminded.
const EVENT = 'f2000000-0000-4000-8000-000000000431';
const FORM = 'fd000000-0000-4000-8000-000000000431';
const FIELDS = JSON.stringify([
  { key: 'f1', label: 'Dietary needs', kind: 'text', required: true },
  { key: 'f2', label: 'Room', kind: 'choice', required: false, options: ['Single', 'Twin'] },
  { key: 'f3', label: 'Arrival', kind: 'date', required: false },
  { key: 'f4', label: 'Insured', kind: 'yes_no', required: false },
]);

describe.each(DATABASE_KINDS)('traveller forms on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;
  const messageOf = (actor: Actor, sql: string, params: unknown[] = []) =>
    messageOfIn(db(), actor, sql, params);
  const insertFields = (fields: unknown) =>
    messageOf(
      'admin',
      `insert into public.traveller_forms (event_id, title, due_date, fields) values ($1, 'T', current_date, $2)`,
      [EVENT, JSON.stringify(fields)],
    );
  const submit = (answers: unknown, actor: Actor = 'member') =>
    messageOf(actor, `select public.submit_traveller_form($1, $2)`, [FORM, JSON.stringify(answers)]);

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await db().exec(`
      insert into public.events (id, slug, title, status, start_date, end_date) values
        ('${EVENT}', 'forms-test-trip', 'Forms test trip', 'published', current_date + 30, current_date + 32);
      insert into public.bookings (event_id, user_id, invoice_number, total_cents) values
        ('${EVENT}', '${ID.member}', 'FT-1', 1000), ('${EVENT}', '${ID.other}', 'FT-2', 1000);
      insert into public.traveller_forms (id, event_id, title, due_date, fields) values
        ('${FORM}', '${EVENT}', 'Trip details', current_date + 10, '${FIELDS}');
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('names what is wrong with the fields and creates nothing', async () => {
    expect(await insertFields([])).toBe('A form has 1 to 30 fields.');
    expect(await insertFields([{ key: 'f1', label: ' ', kind: 'text', required: true }])).toBe(
      'Field 1: the question needs 1 to 120 characters.',
    );
    expect(await insertFields([{ key: 'f1', label: 'Q', kind: 'number', required: true }])).toBe(
      'Field 1: the type must be text, choice, date or yes/no.',
    );
    expect(
      await insertFields([{ key: 'f1', label: 'Q', kind: 'choice', required: true, options: ['A', 'A'] }]),
    ).toBe('Field 1: a choice needs 2 to 10 different options of 1 to 80 characters.');
    expect(
      await insertFields([
        { key: 'f1', label: 'Q', kind: 'text', required: true },
        { key: 'f1', label: 'R', kind: 'text', required: true },
      ]),
    ).toBe('Field 2: its key must be unique (f1, f2…).');
    expect(
      await insertFields([{ key: 'f1', label: 'Q', kind: 'text', required: false, options: ['A'] }]),
    ).toBe('Field 1: only a choice has options.');
    expect(await insertFields([{ key: 'f1', label: 'Q', kind: 'date', required: false }])).toBe('ok');
  });

  it('checks answers against the fields', async () => {
    expect(await submit({ f1: '' })).toBe('"Dietary needs" is required.');
    expect(await submit({ f1: 'x', f2: 'Double' })).toBe('"Room" must be one of its options.');
    expect(await submit({ f1: 'x', f3: '2026-02-30' })).toBe('"Arrival" must be a date (YYYY-MM-DD).');
    expect(await submit({ f1: 'x', f4: 'yes' })).toBe('"Insured" must be yes or no.');
    expect(await submit({ f1: 'x', f9: 'y' })).toBe('An answer is for a question this form does not have.');
    expect(await submit({ f1: 'x'.repeat(2001) })).toBe('"Dietary needs" is at most 2,000 characters.');
    expect(await submit({ f1: 'x' }, 'admin')).toBe('This form is for travellers booked on its event.');
    expect(await submit({ f1: 'Vegan', f2: 'Twin', f3: '2026-12-01', f4: true })).toBe('ok');
  });

  it('keeps one answer set per member, replaced by a second send, and reminds only who has not answered', async () => {
    const result = await runAs(db(), 'member', async (tx) => {
      await tx.query(`select public.submit_traveller_form($1, '{"f1":"Vegan"}')`, [FORM]);
      await tx.query(`select public.submit_traveller_form($1, '{"f1":"Vegetarian","f4":false}')`, [FORM]);
      const { rows } = await tx.query<{ answers: Record<string, unknown> }>(
        `select answers from public.traveller_form_responses where form_id = $1`,
        [FORM],
      );
      return rows;
    });
    expect(result).toEqual([{ answers: { f1: 'Vegetarian', f4: false } }]);

    await db().query(
      `insert into public.traveller_form_responses (form_id, user_id, answers) values ($1, $2, '{"f1":"None"}')`,
      [FORM, ID.member],
    );
    const reminded = await runAs(db(), 'admin', async (tx) => {
      const count = await tx.query<{ n: number }>(`select public.remind_traveller_form($1) as n`, [FORM]);
      const status = await tx.query<{ user_id: string; submitted_at: string | null }>(
        `select user_id, submitted_at from public.admin_traveller_form_status($1)`,
        [FORM],
      );
      return { count: count.rows[0]?.n, status: status.rows };
    });
    // The e-mail itself is checked in the browser test (Mailpit); the outbox is not readable here.
    expect(reminded.count).toBe(1);
    expect(reminded.status.map((row) => [row.user_id, row.submitted_at !== null])).toEqual([
      [ID.other, false],
      [ID.member, true],
    ]);
  });
});
