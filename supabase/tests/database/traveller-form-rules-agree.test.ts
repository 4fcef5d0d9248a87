import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  choiceOptionsProblem,
  formTitleProblem,
  optionList,
  questionLabelProblem,
} from '../../../src/features/traveller-forms/traveller-form-rules.ts';
import { insertFixtures } from './fixtures.ts';
import { messageOf } from './message-of.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule, one place: for each boundary value, the database (the title CHECK and check_form_fields) stores
// what the builder would save exactly when src/features/traveller-forms/traveller-form-rules.ts accepts what was typed.
const EVENT = 'f2000000-0000-4000-8000-000000000461';
const TEXTS = ['', ' ', '\t', 'x', ' x ', 'x'.repeat(80), 'x'.repeat(81), 'x'.repeat(120), 'x'.repeat(121)];
const WIDE = ['𝒳'.repeat(80), '𝒳'.repeat(81), '𝒳'.repeat(120), '𝒳'.repeat(121)];
const OPTION_LISTS = [
  'A',
  'A\nA',
  'A\nB',
  ' A \n\n B ',
  Array.from({ length: 10 }, (_, i) => `O${i}`).join('\n'),
  Array.from({ length: 11 }, (_, i) => `O${i}`).join('\n'),
  `A\n${'x'.repeat(80)}`,
  `A\n${'x'.repeat(81)}`,
  `A\n${'𝒳'.repeat(80)}`,
  `A\n${'𝒳'.repeat(81)}`,
];

describe.each(DATABASE_KINDS)('traveller form rules agree with the database on $name', (kind) => {
  let testDb: TestDatabase;
  /** Whether an admin may insert a form with this title and one question (what the builder saves). */
  const stored = async (title: string, question: Record<string, unknown>) =>
    (await messageOf(
      testDb.db,
      'admin',
      `insert into public.traveller_forms (event_id, title, due_date, fields) values ($1, $2, current_date, $3)`,
      [EVENT, title, JSON.stringify([{ key: 'f1', required: true, ...question }])],
    )) === 'ok';

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await testDb.db.query(
      `insert into public.events (id, slug, title, status, start_date, end_date)
       values ($1, 'rules-agree-trip', 'Rules trip', 'published', current_date + 9, current_date + 10)`,
      [EVENT],
    );
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it.each([...TEXTS, ...WIDE])('the title %j', async (value) => {
    expect(await stored(value.trim(), { label: 'Q', kind: 'text' })).toBe(
      formTitleProblem(value) === undefined,
    );
  });
  it.each([...TEXTS, ...WIDE])('the question %j', async (value) => {
    expect(await stored('T', { label: value.trim(), kind: 'text' })).toBe(
      questionLabelProblem(value) === undefined,
    );
  });
  it.each(OPTION_LISTS)('the options %j', async (value) => {
    expect(await stored('T', { label: 'Q', kind: 'choice', options: optionList(value) })).toBe(
      choiceOptionsProblem(value) === undefined,
    );
  });
});
