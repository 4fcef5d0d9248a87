import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures, type Actor } from './fixtures.ts';
import { messageOf as messageOfIn } from './message-of.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Traveller forms, part 2 (migrations 20261128300001…3): a form answered by each traveller takes answers
// only for a traveller named on the caller's booking; an answered form refuses the edits that would make
// its answers untrue; reminders are recorded.
const EVENT = 'f2000000-0000-4000-8000-000000000451';
const BOOKING = 'fa000000-0000-4000-8000-000000000451';
const OTHER_BOOKING = 'fa000000-0000-4000-8000-000000000452';
const FORM = 'fd000000-0000-4000-8000-000000000451';
const HOLDER_FORM = 'fd000000-0000-4000-8000-000000000452';
const FIELDS = [
  { key: 'f1', label: 'Passport name', kind: 'text', required: true },
  { key: 'f2', label: 'Room', kind: 'choice', required: false, options: ['Single', 'Twin', 'Double'] },
];

describe.each(DATABASE_KINDS)('traveller forms per traveller on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;
  const messageOf = (actor: Actor, sql: string, params: unknown[] = []) =>
    messageOfIn(db(), actor, sql, params);
  const submit = (traveller: string | null, answers: unknown, actor: Actor = 'member', form = FORM) =>
    messageOf(actor, `select public.submit_traveller_form($1, $2, $3)`, [
      form,
      JSON.stringify(answers),
      traveller,
    ]);
  const setFields = (fields: unknown, form = FORM) =>
    messageOf('admin', `update public.traveller_forms set fields = $2 where id = $1`, [
      form,
      JSON.stringify(fields),
    ]);

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    // The member's booking is for three people and names two of them; the other member names their own.
    await db().exec(`
      insert into public.events (id, slug, title, status, start_date, end_date) values
        ('${EVENT}', 'per-traveller-trip', 'Per traveller trip', 'published', current_date + 30, current_date + 32);
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents, travellers) values
        ('${BOOKING}', '${EVENT}', '${ID.member}', 'PT-1', 1000, 3),
        ('${OTHER_BOOKING}', '${EVENT}', '${ID.other}', 'PT-2', 1000, 1);
      insert into public.booking_travellers (booking_id, traveller_id) values
        ('${BOOKING}', '${ID.travellerMember}'), ('${BOOKING}', '${ID.travellerMember2}'),
        ('${OTHER_BOOKING}', '${ID.travellerOther}');
      insert into public.traveller_forms (id, event_id, title, due_date, fields, answered_by) values
        ('${FORM}', '${EVENT}', 'Passports', current_date + 10, '${JSON.stringify(FIELDS)}', 'traveller'),
        ('${HOLDER_FORM}', '${EVENT}', 'Rooming', current_date + 10, '${JSON.stringify(FIELDS)}', 'holder');
      insert into public.traveller_form_responses (form_id, user_id, traveller_id, answers) values
        ('${FORM}', '${ID.member}', '${ID.travellerMember}', '{"f1":"Ada One"}'),
        ('${FORM}', '${ID.member}', '${ID.travellerMember2}', '{"f1":"Ada Two","f2":"Single"}');
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('takes answers only for a traveller named on the caller’s own booking', async () => {
    expect(await submit(null, { f1: 'Ada' })).toBe('Say which traveller these answers are for.');
    expect(await submit(ID.travellerOther, { f1: 'Ada' })).toBe(
      'This traveller is not named on your booking for this event.',
    );
    expect(await submit(ID.travellerMember, { f1: 'Ada' }, 'other')).toBe(
      'This traveller is not named on your booking for this event.',
    );
    expect(await submit(ID.travellerMember, { f1: 'x' }, 'member', HOLDER_FORM)).toBe(
      'This form is answered once per booking, not per traveller.',
    );
    expect(await submit(null, { f1: 'Holder' }, 'member', HOLDER_FORM)).toBe('ok');
    // A second send for the same traveller replaces their answers; each traveller keeps their own.
    const sent = await runAs(db(), 'member', async (tx) => {
      await tx.query(`select public.submit_traveller_form($1, '{"f1":"Ada 2nd","f2":"Twin"}', $2)`, [
        FORM,
        ID.travellerMember2,
      ]);
      const { rows } = await tx.query<{ traveller_id: string; answers: unknown }>(
        `select traveller_id, answers from public.traveller_form_responses where form_id = $1 order by answers ->> 'f1'`,
        [FORM],
      );
      return rows;
    });
    expect(sent).toEqual([
      { traveller_id: ID.travellerMember2, answers: { f1: 'Ada 2nd', f2: 'Twin' } },
      { traveller_id: ID.travellerMember, answers: { f1: 'Ada One' } },
    ]);

    const mine = await runAs(db(), 'member', (tx) =>
      tx.query<{ id: string; travellers: { traveller_id: string; answers: unknown }[]; unnamed: number }>(
        `select id, travellers, unnamed from public.my_traveller_forms() where id = $1`,
        [FORM],
      ),
    );
    expect(mine.rows[0]?.unnamed).toBe(1);
    expect(mine.rows[0]?.travellers.map((t) => t.answers)).toHaveLength(2);
    expect(mine.rows[0]?.travellers.map((t) => t.traveller_id).sort()).toEqual(
      [ID.travellerMember, ID.travellerMember2].sort(),
    );

    const status = await runAs(db(), 'admin', (tx) =>
      tx.query<{ user_id: string; traveller_id: string | null; unnamed: number; answers: unknown }>(
        `select user_id, traveller_id, unnamed, answers from public.admin_traveller_form_status($1)`,
        [FORM],
      ),
    );
    // One row per named traveller, plus the member's place nobody is named for yet.
    expect(status.rows).toHaveLength(4);
    expect(status.rows.filter((row) => row.traveller_id === null)).toEqual([
      { user_id: ID.member, traveller_id: null, unnamed: 1, answers: null },
    ]);
    expect(status.rows.find((row) => row.traveller_id === ID.travellerMember2)?.answers).toEqual({
      f1: 'Ada Two',
      f2: 'Single',
    });
  });

  it('refuses edits that would make answers untrue, naming the question, and allows the rest', async () => {
    const [passport, room] = FIELDS as [(typeof FIELDS)[0], (typeof FIELDS)[1]];
    expect(await setFields([room])).toBe('"Passport name" has answers, so it cannot be removed.');
    expect(await setFields([{ ...passport, kind: 'date' }, room])).toBe(
      '"Passport name" has answers, so its type cannot change.',
    );
    expect(await setFields([passport, { ...room, options: ['Twin', 'Double'] }])).toBe(
      '"Room": the option "Single" has been chosen, so it cannot be removed.',
    );
    expect(
      await setFields([passport, room, { key: 'f3', label: 'Visa', kind: 'yes_no', required: true }]),
    ).toBe('"Visa" is new, so it must be optional: people have already answered this form.');
    expect(
      await messageOf('admin', `update public.traveller_forms set answered_by = 'holder' where id = $1`, [
        FORM,
      ]),
    ).toBe('People have answered this form, so who answers it cannot change.');
    // Wording, required flags, a new option, a new optional question, the title and due date may change.
    expect(
      await setFields([
        { ...passport, label: 'Name as on passport', required: false },
        { ...room, required: true, options: ['Single', 'Twin', 'Triple'] },
        { key: 'f3', label: 'Visa', kind: 'yes_no', required: false },
      ]),
    ).toBe('ok');
    expect(
      await messageOf(
        'admin',
        `update public.traveller_forms set title = 'Passport details', due_date = current_date + 12 where id = $1`,
        [FORM],
      ),
    ).toBe('ok');
  });

  it('lets a form nobody has answered change who answers it and its questions', async () => {
    const fresh = 'fd000000-0000-4000-8000-000000000453';
    await db().query(
      `insert into public.traveller_forms (id, event_id, title, due_date, fields) values ($1, $2, 'Fresh', current_date + 5, $3)`,
      [fresh, EVENT, JSON.stringify(FIELDS)],
    );
    expect(
      await messageOf('admin', `update public.traveller_forms set answered_by = 'traveller' where id = $1`, [
        fresh,
      ]),
    ).toBe('ok');
    expect(await setFields([{ key: 'f1', label: 'Only', kind: 'date', required: true }], fresh)).toBe('ok');
  });

  it('records each reminder: when, by whom and how many people', async () => {
    // The other member has answered nothing; the member has named travellers answered but one place unnamed.
    const result = await runAs(db(), 'admin', async (tx) => {
      const count = await tx.query<{ n: number }>(`select public.remind_traveller_form($1) as n`, [FORM]);
      const history = await tx.query<{ sent_by: string; reminded: number; summary: string }>(
        `select sent_by, reminded, summary from public.traveller_form_reminders where form_id = $1`,
        [FORM],
      );
      const audit = await tx.query<{ entity_label: string; action: string }>(
        `select entity_label, action from public.audit_log where entity = 'traveller_form_reminders'`,
      );
      return { count: count.rows[0]?.n, history: history.rows, audit: audit.rows };
    });
    expect(result.count).toBe(2);
    expect(result.history).toEqual([{ sent_by: ID.admin, reminded: 2, summary: '2 people reminded' }]);
    expect(result.audit).toEqual([{ entity_label: '2 people reminded', action: 'insert' }]);
    expect(await messageOf('member', `select public.remind_traveller_form($1)`, [FORM])).toMatch(/admin/i);
  });
});
