import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailProblem,
  messageProblem,
  nameProblem,
  optionalValue,
  phoneProblem,
} from '../../../src/lib/rules/index.ts';
import { birthDateProblem } from '../../../src/features/travellers/traveller-rules.ts';
import { updateBodyProblem, updateTitleProblem } from '../../../src/features/admin/updates/update-rules.ts';
import { ID, insertFixtures, type Actor } from './fixtures.ts';
import { outcomeOf } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule per field: for every boundary value, the database's CHECK constraints decide exactly as the
// forms' rules in src/lib/rules do. Two questions per value and column:
//   - what the form would save (trimmed; empty optional fields as null): stored iff the form accepts it;
//   - the value exactly as given (as a direct API call could send it): stored iff the form accepts it and
//     saving would not change it, since the database keeps values only in the form's saved shape.
// Values travel as JSON, as supabase-js sends them, so a lone surrogate or NUL meets the same refusal.

interface Field {
  name: string;
  /** The form's verdict on what the visitor typed. */
  accepts(value: string): boolean;
  /** What the form saves. */
  saved(value: string): string | null;
  columns: { label: string; actor: Actor; sql: string }[];
  values: string[];
  /**
   * Also send each value exactly as given (default). Not for a date column: it stores a date, not the text
   * sent, so any spelling Postgres reads as that date ('yesterday', ' 1987-6-15') is the same value.
   */
  asGiven?: boolean;
}

/** An anonymous visitor's insert of the value into the column, the other required columns filled in. */
function enquiry(table: string, column: string, others: Record<string, string>) {
  const names = Object.keys(others).join(', ');
  const literals = Object.values(others)
    .map((value) => `'${value}'`)
    .join(', ');
  return {
    label: `${table}.${column}`,
    actor: 'visitor' as const,
    sql: `insert into public.${table} (${column}, ${names}) values (($1::jsonb ->> 0), ${literals})`,
  };
}
/**
 * A visitor joins a waitlist only through join_waitlist(), and registers interest only through
 * register_interest() (direct inserts are revoked). A trip name of its own per call keeps the unique
 * (event_name, email) index and the probe limit out of the question: the call stores the row (n = 1) or a
 * check refuses it.
 */
function throughFunction(
  table: string,
  call: string,
  stored: string,
  column: string,
  others: Record<string, string>,
) {
  const args = Object.entries(others).map(([name, value]) => `${name} => '${value}'`);
  return {
    label: `${table}.${column}`,
    actor: 'visitor' as const,
    sql: `select (public.${call}(event_name => 'Rules trip ' || gen_random_uuid()::text, ${[
      `${column} => ($1::jsonb ->> 0)`,
      ...args,
    ].join(', ')}) = '${stored}')::int as n`,
  };
}
const waitlist = (column: string, others: Record<string, string>) =>
  throughFunction('waitlist_submissions', 'join_waitlist', 'joined', column, others);
const interest = (column: string, others: Record<string, string>) =>
  throughFunction('interest_registrations', 'register_interest', 'registered', column, others);
const NAME = { full_name: 'Ada' };
const EMAIL = { email: 'a@b.co' };
const MESSAGE = { message: 'Hello' };
const profile = (column: string) => ({
  label: `profiles.${column}`,
  actor: 'member' as const,
  sql: `update public.profiles set ${column} = ($1::jsonb ->> 0) where id = '${ID.member}'`,
});

/** A member's insert of a traveller with the value in the column (full_name filled in when it is another). */
const traveller = (column: string) => ({
  label: `travellers.${column}`,
  actor: 'member' as const,
  sql:
    column === 'full_name'
      ? `insert into public.travellers (full_name) values (($1::jsonb ->> 0))`
      : `insert into public.travellers (full_name, ${column}) values ('Ada', ($1::jsonb ->> 0)::${column === 'date_of_birth' ? 'date' : 'text'})`,
});

const x = (count: number, text = 'x') => text.repeat(count);
const ALL_SCRIPTS = ['李小龍', 'محمد علي', 'Zoë Ōtsuka', 'Дарья', 'e\u0301clair', 'A\u200Bda'];
const CONTROLS = ['\u0000', '\u0007', '\t', '\n', '\r', '\u001B', '\u007F', '\u0085', '\u009F'];
const EDGE_SPACE = [' ', '\u00A0', '\u2003', '\u3000', '\uFEFF', '\u2028'];

const FIELDS: Field[] = [
  {
    name: 'name',
    accepts: (value) => nameProblem(value) === undefined,
    saved: (value) => value.trim(),
    columns: [
      profile('full_name'),
      waitlist('full_name', { ...EMAIL }),
      interest('full_name', { ...EMAIL }),
      enquiry('contact_messages', 'full_name', { ...EMAIL, ...MESSAGE }),
      traveller('full_name'),
    ],
    values: [
      '',
      ' ',
      'A',
      "Seán O'Brien-Smith",
      '<script>alert(1)</script>',
      x(120),
      x(121),
      x(120, '😀'),
      x(121, '😀'),
      ` ${x(120)} `,
      ...ALL_SCRIPTS,
      ...CONTROLS.map((c) => `Ada${c}Lovelace`),
      ...EDGE_SPACE.flatMap((s) => [`${s}Ada`, `Ada${s}`, `Ada${s}Lovelace`]),
      'Ada\uD800',
    ],
  },
  {
    name: 'e-mail',
    accepts: (value) => emailProblem(value) === undefined,
    saved: (value) => value.trim(),
    columns: [
      waitlist('email', { ...NAME }),
      interest('email', { ...NAME }),
      enquiry('contact_messages', 'email', { ...NAME, ...MESSAGE }),
    ],
    values: [
      '',
      'ada@example.com',
      ' ada@example.com ',
      'ADA@EXAMPLE.COM',
      'a@b.co',
      "o'brien+trips@mail.example.com.au",
      'ada@localhost',
      'ada@',
      '@example.com',
      'ada@@example.com',
      'ada@example..com',
      'ada@-example.com',
      'ada@example-.com',
      'a da@example.com',
      'jörg@example.de',
      'ada@exämple.de',
      'ada@例え.jp',
      `ada@${x(63, 'a')}.com`,
      `ada@${x(64, 'a')}.com`,
      `${x(254 - '@example.com'.length, 'a')}@example.com`,
      `${x(255 - '@example.com'.length, 'a')}@example.com`,
      ...CONTROLS.map((c) => `ada${c}@example.com`),
      'ada@example.com\u00A0',
    ],
  },
  {
    name: 'phone',
    accepts: (value) => phoneProblem(value) === undefined,
    saved: optionalValue,
    columns: [
      profile('phone'),
      waitlist('phone', { ...NAME, ...EMAIL }),
      interest('phone', { ...NAME, ...EMAIL }),
      enquiry('contact_messages', 'phone', { ...NAME, ...EMAIL, ...MESSAGE }),
      traveller('phone'),
      traveller('emergency_contact_phone'),
    ],
    values: [
      '',
      ' ',
      '12345',
      '123456',
      '+12345',
      '+123456',
      '131 450',
      '(03) 9000-0000',
      '+61 400.111.222',
      ' 0400 111 222 ',
      x(30, '1'),
      x(31, '1'),
      `+${x(29, '1')}`,
      `+${x(30, '1')}`,
      '------',
      '((((((',
      '1-2-3-4-5',
      '0400 111 22a',
      '+61 4OO 111 222',
      '0400\t111 222',
      '0400\n111 222',
      '0400 111 222\u00A0',
      '\u0660\u0661\u0662\u0663\u0664\u0665\u0666',
      '\uFF10\uFF14\uFF10\uFF10\uFF11\uFF11\uFF11',
      '<script>',
    ],
  },
  {
    name: 'message',
    accepts: (value) => messageProblem(value) === undefined,
    saved: optionalValue,
    columns: [
      waitlist('notes', { ...NAME, ...EMAIL }),
      interest('message', { ...NAME, ...EMAIL }),
      traveller('dietary_notes'),
      traveller('medical_notes'),
    ],
    values: [
      '',
      ' \n\t ',
      'x',
      x(2000),
      x(2001),
      x(2000, '😀'),
      x(2001, '😀'),
      ` ${x(2000)}\n`,
      'Line one\nLine two',
      'Line one\r\n\tLine two',
      '\n\nPadded\n\n',
      ...ALL_SCRIPTS,
      ...CONTROLS.map((c) => `Hello${c}there`),
      'Hello\uD800',
    ],
  },
];

// The contact form's message is required: the same rule, with empty refused.
const contactMessage: Field = {
  name: 'required message',
  accepts: (value) => messageProblem(value, 'message', { required: true }) === undefined,
  saved: optionalValue,
  columns: [enquiry('contact_messages', 'message', { ...NAME, ...EMAIL })],
  values: FIELDS[3]!.values,
};

// An emergency contact's name is optional: the name rule, with empty saved as null.
const optionalName: Field = {
  name: 'optional name',
  accepts: (value) => !value.trim() || nameProblem(value) === undefined,
  saved: optionalValue,
  columns: [traveller('emergency_contact_name')],
  values: FIELDS[0]!.values,
};

// A date of birth from 1900-01-01 to today. "Today" at the edge depends on the member's time zone (the
// database allows one day more, see the migration), so the values stay clear of it.
const TODAY = new Date().toISOString().slice(0, 10);
const birthDate: Field = {
  name: 'date of birth',
  accepts: (value) => birthDateProblem(value, TODAY) === undefined,
  saved: optionalValue,
  columns: [traveller('date_of_birth')],
  asGiven: false,
  values: [
    '',
    ' ',
    '1899-12-31',
    '1900-01-01',
    '1987-06-15',
    ' 1987-06-15 ',
    '2000-02-29',
    '2001-02-29',
    '2020-13-01',
    '2020-00-10',
    `${Number(TODAY.slice(0, 4)) + 2}-01-01`,
    '15/06/1987',
    // Not here: other spellings Postgres reads as a date ('1987-6-15', 'yesterday'). The form refuses
    // them and sends only YYYY-MM-DD (<input type="date">); the column would store the same date.
  ],
};

// An event update's title and body (admins post them): required, as the form would trim them.
const eventUpdate = (column: 'title' | 'body') => ({
  label: `event_updates.${column}`,
  actor: 'admin' as const,
  sql: `insert into public.event_updates (event_id, ${column}, ${column === 'title' ? 'body' : 'title'})
        values ('${ID.published}', ($1::jsonb ->> 0), 'Filled in')`,
});
const requiredTrimmed = (value: string) => value.trim();
const updateTitle: Field = {
  name: 'update title',
  accepts: (value) => updateTitleProblem(value) === undefined,
  saved: requiredTrimmed,
  columns: [eventUpdate('title')],
  values: [
    '',
    ' ',
    'A',
    x(200),
    x(201),
    x(200, '😀'),
    x(201, '😀'),
    ` ${x(200)} `,
    '<b>News</b>',
    ...ALL_SCRIPTS,
    ...CONTROLS.map((c) => `News${c}today`),
    ...EDGE_SPACE.flatMap((s) => [`${s}News`, `News${s}`]),
    'News\uD800',
  ],
};
const updateBody: Field = {
  name: 'update body',
  accepts: (value) => updateBodyProblem(value) === undefined,
  saved: requiredTrimmed,
  columns: [eventUpdate('body')],
  values: [
    '',
    ' \n\t ',
    'x',
    x(5000),
    x(5001),
    x(5000, '😀'),
    x(5001, '😀'),
    ` ${x(5000)}\n`,
    'Line one\r\n\tLine two',
    ...ALL_SCRIPTS,
    ...CONTROLS.map((c) => `Hello${c}there`),
    'Hello\uD800',
  ],
};

const show = (value: string | null) =>
  value === null
    ? 'null'
    : JSON.stringify(value.length > 40 ? `${value.slice(0, 20)}…(${value.length})` : value);

// 22007/22008: text that is not a date, or a date that does not exist (Postgres refuses it as input).
const REFUSALS = new Set<unknown>([
  'error 23514',
  'error 23502',
  'error 22P05',
  'error 22P02',
  'error 22007',
  'error 22008',
]);

describe.each(DATABASE_KINDS)('field rules on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  async function stores(column: Field['columns'][number], value: string | null): Promise<boolean> {
    const outcome = await outcomeOf(testDb.db, column.actor, column.sql, [JSON.stringify([value])]);
    if (outcome === 1) return true;
    // A check or not-null violation, or JSON whose text Postgres cannot hold (NUL 22P05, a lone surrogate
    // 22P02): refused either way, as PostgREST answers each with a 4xx.
    if (REFUSALS.has(outcome)) return false;
    throw new Error(`${column.label} ${show(value)}: unexpected outcome ${String(outcome)}`);
  }

  for (const field of [...FIELDS, contactMessage, optionalName, birthDate, updateTitle, updateBody]) {
    it(`the ${field.name} rule decides as the database does`, async () => {
      const disagreements: string[] = [];
      for (const column of field.columns) {
        for (const value of field.values) {
          const accepted = field.accepts(value);
          const saved = field.saved(value);
          const savedStored = await stores(column, saved);
          if (savedStored !== accepted)
            disagreements.push(
              `${column.label} ${show(value)}: form ${accepted}, saved ${show(saved)} stored ${savedStored}`,
            );
          if (field.asGiven === false) continue;
          const asGiven = accepted && saved === value;
          const rawStored = await stores(column, value);
          if (rawStored !== asGiven)
            disagreements.push(
              `${column.label} ${show(value)} sent as is: expected ${asGiven}, stored ${rawStored}`,
            );
        }
      }
      expect(disagreements).toEqual([]);
    });
  }

  it('fits any sign-up name to the rule instead of failing the sign-up', async () => {
    const names = ['  Ada  ', `${x(119)}  ${x(10)}`, '\u0007\u3000', 'Ada\nLovelace', x(200, '😀'), ' '];
    const ROLL_BACK = new Error('roll back');
    let rows: { full_name: string | null }[] = [];
    await testDb.db
      .transaction(async (tx) => {
        for (const [index, name] of names.entries()) {
          await tx.query(
            `insert into auth.users (id, email, raw_user_meta_data)
             values ($1, $2, jsonb_build_object('full_name', $3::text))`,
            [
              `f1000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
              `fit${index}@fixture.test`,
              name,
            ],
          );
        }
        ({ rows } = await tx.query<{ full_name: string | null }>(
          `select full_name from public.profiles where id::text like 'f1000000-0000-4000-8000-0000000001%' order by id`,
        ));
        throw ROLL_BACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLL_BACK) throw error;
      });
    expect(rows.map((row) => row.full_name)).toEqual([
      'Ada',
      x(119),
      null,
      'AdaLovelace',
      x(120, '😀'),
      null,
    ]);
    for (const row of rows) if (row.full_name !== null) expect(nameProblem(row.full_name)).toBeUndefined();
  });
});
