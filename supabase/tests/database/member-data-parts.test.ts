import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The member's data download and account deletion as one part per table (migration 20261129100002):
// every column in public and private that points at a member is answered for by a part with both an
// export and a forget function, and a member with rows in every such table gets them all in the download
// and leaves nothing personal behind. Each call runs as the member and is rolled back.

/**
 * Every column that points at a member: a foreign key to auth.users or public.profiles, a uuid column
 * named like a member's id without one (audit_log.actor_id, customer_notes.author_id), or a text column
 * holding an e-mail address (enquiries, the outbox, unsubscribe links), but the company's own address.
 */
const MEMBER_COLUMNS = `
  select n.nspname || '.' || c.relname || '.' || a.attname as col
  from pg_catalog.pg_constraint k
  join pg_catalog.pg_class c on c.oid = k.conrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
  where k.contype = 'f' and k.confrelid in ('auth.users'::regclass, 'public.profiles'::regclass)
    and n.nspname in ('public', 'private')
  union
  select n.nspname || '.' || c.relname || '.' || a.attname
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_class c on c.oid = a.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname in ('public', 'private') and a.attnum > 0 and not a.attisdropped
    and a.atttypid = 'uuid'::regtype
    and a.attname ~ '^(user|member|customer|author|actor|owner|profile)_id$|_by$'
  union
  select n.nspname || '.' || c.relname || '.' || a.attname
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_class c on c.oid = a.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname in ('public', 'private') and a.attnum > 0 and not a.attisdropped
    and a.atttypid = 'text'::regtype and a.attname ~ '^(email|recipient|reply_to)$|_email$'
    and n.nspname || '.' || c.relname || '.' || a.attname <> 'private.company_settings.contact_email'
  order by 1`;

/** Columns whose rows deletion keeps, pointing at the anonymised account: what the company must keep. */
const KEPT = new Set([
  'public.profiles.id', // name, phone and consent cleared
  'public.bookings.user_id', // financial records (retention: issue 19)
  'public.bookings.terms_accepted_by', // who accepted the terms, kept with the booking
  'public.orders.user_id', // paid store orders: tax records
  'public.payments.recorded_by', // the admin who recorded a payment: a financial record
  'public.comments.user_id', // hold other members' replies; shown as Anonymous
  'public.comment_replies.user_id',
  'public.travellers.user_id', // named on a kept booking: the name only
  'public.audit_log.actor_id', // append-only record of staff changes
  'public.audit_log.actor_email',
  'public.customer_notes.author_id', // no key: the note outlives its author
]);

const MEMBER_EMAIL = 'member@fixture.test';
const POLL = 'fd200000-0000-4000-8000-000000000001';
const FORM = 'fd200000-0000-4000-8000-000000000002';
const SUSPENSION_OF_MEMBER = 'fd200000-0000-4000-8000-000000000003';
const SUSPENSION_BY_MEMBER = 'fd200000-0000-4000-8000-000000000004';
const REMINDER = 'fd200000-0000-4000-8000-000000000005';
const UPDATE_BY_MEMBER = 'fd200000-0000-4000-8000-000000000006';
const POLL_BY_MEMBER = 'fd200000-0000-4000-8000-000000000007';
const NOTE_ABOUT_MEMBER = 'fd200000-0000-4000-8000-000000000008';
const NOTE_BY_MEMBER = 'fd200000-0000-4000-8000-000000000009';

/**
 * Gives the member a row in every table the fixtures leave out: a poll vote, a traveller-form answer, a
 * suspension, a staff note about them, and (as if they had once been staff) a poll, an update, a
 * reminder, a suspension of another member, a note and an audit entry of their own.
 */
async function insertMemberRows(db: Queryable): Promise<void> {
  await db.query(
    `insert into public.polls (id, event_id, question, options, closes_at, created_by) values
       ($1, null, 'Where next?', array['Castles', 'Ghosts'], now() + interval '30 days', $3),
       ($2, null, 'Which hotel?', array['Grand', 'Inn'], now() + interval '30 days', $4)`,
    [POLL, POLL_BY_MEMBER, ID.admin, ID.member],
  );
  await db.query(`insert into public.poll_votes (poll_id, user_id, option_index) values ($1, $2, 1)`, [
    POLL,
    ID.member,
  ]);
  await db.query(
    `insert into public.traveller_forms (id, event_id, title, due_date, fields) values
       ($1, $2, 'Trip details', current_date + 20,
        '[{"key":"f1","label":"Passport number","kind":"text","required":true}]')`,
    [FORM, ID.published],
  );
  await db.query(
    `insert into public.traveller_form_responses (form_id, user_id, answers) values ($1, $2, '{"f1":"PA1234567"}')`,
    [FORM, ID.member],
  );
  await db.query(
    `insert into public.traveller_form_reminders (id, form_id, sent_by, reminded) values ($1, $2, $3, 1)`,
    [REMINDER, FORM, ID.member],
  );
  await db.query(
    `insert into public.comment_suspensions (id, user_id, suspended_until, reason, created_by) values
       ($1, $2, now() + interval '1 day', 'Shouting', $3), ($4, $3, now() + interval '1 day', 'Spam', $2)`,
    [SUSPENSION_OF_MEMBER, ID.member, ID.other, SUSPENSION_BY_MEMBER],
  );
  await db.query(
    `insert into public.event_updates (id, event_id, title, body, created_by)
     values ($1, $2, 'Bus times', 'Nine sharp.', $3)`,
    [UPDATE_BY_MEMBER, ID.published, ID.member],
  );
  await db.query(
    `insert into public.customer_notes (id, customer_id, body, author_id) values
       ($1, $2, 'Asked about vegetarian meals', $3), ($4, $3, 'Called back', $2)`,
    [NOTE_ABOUT_MEMBER, ID.member, ID.admin, NOTE_BY_MEMBER],
  );
  // Mail to the member, and the company's copy of a message they wrote; their unsubscribe link.
  await db.query(
    `insert into private.outbound_mail (recipient, reply_to, subject, body) values
       ($1, null, 'Trip news', 'Castles in spring'),
       ('hello@hauntedhorizons.com.au', $1, 'Contact message from Mia', 'Do you run tours in June?')`,
    [MEMBER_EMAIL],
  );
  await db.query(`insert into private.unsubscribe_tokens (email) values ($1)`, [MEMBER_EMAIL]);
  await db.query(
    `insert into public.audit_log (actor_id, actor_name, actor_email, entity, entity_id, action)
     values ($1, 'Mia Member', 'member@fixture.test', 'events', $2, 'update')`,
    [ID.member, ID.published],
  );
  // The member's word that they paid toward their booking (it e-mails the company, replying to them).
  await db.query(
    `insert into public.payment_notices (booking_id, amount_cents, paid_on, note)
     values ($1, 1000, private.sydney_today(), 'From savings')`,
    [ID.bookingMember],
  );
  // A card payment toward it, $5.00 of which was refunded.
  await db.query(
    `insert into public.payments (booking_id, amount_cents, received_on, method, stripe_payment_intent)
     values ($1, 2500, private.sydney_today(), 'card', 'pi_download')`,
    [ID.bookingMember],
  );
  await db.query(
    `insert into public.payment_refunds (payment_id, amount_cents, stripe_refund_id)
     select id, 500, 're_download' from public.payments where stripe_payment_intent = 'pi_download'`,
  );
}

/** Reads as the superuser inside the actor's transaction, to see what a call left behind. */
async function asOwner<T>(tx: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  await tx.query('reset role');
  return (await tx.query<T>(sql, params)).rows as T[];
}

describe.each(DATABASE_KINDS)('member data parts on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await insertMemberRows(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  async function memberColumns(on: Queryable = db()): Promise<string[]> {
    return (await on.query<{ col: string }>(MEMBER_COLUMNS)).rows.map((r) => r.col);
  }

  interface Gaps {
    uncovered: string[];
    noExport: string[];
    noForget: string[];
    last: string | undefined;
  }

  /** What the registry misses: member columns no part answers for, and parts without either function. */
  async function gaps(on: Queryable = db()): Promise<Gaps> {
    const columns = await memberColumns(on);
    const { rows: parts } = await on.query<{
      part: string;
      member_columns: string[];
      exports: boolean;
      forgets: boolean;
    }>(
      `select part, member_columns,
         to_regprocedure(format('private.%I(uuid)', 'export_' || part)) is not null as exports,
         to_regprocedure(format('private.%I(uuid)', 'forget_' || part)) is not null as forgets
       from private.member_data_parts order by position`,
    );
    const covered = new Set(parts.flatMap((p) => p.member_columns));
    return {
      uncovered: columns.filter((column) => !covered.has(column)),
      noExport: parts.filter((p) => !p.exports).map((p) => `private.export_${p.part}(uuid)`),
      noForget: parts.filter((p) => !p.forgets).map((p) => `private.forget_${p.part}(uuid)`),
      last: parts.at(-1)?.part,
    };
  }

  describe('the catalogue', () => {
    it('finds the member columns, with and without a foreign key', async () => {
      const columns = await memberColumns();
      for (const column of [
        'public.profiles.id',
        'public.poll_votes.user_id',
        'public.traveller_form_responses.user_id',
        'public.comment_suspensions.created_by',
        'public.audit_log.actor_id',
        'public.customer_notes.author_id',
      ]) {
        expect(columns).toContain(column);
      }
    });

    it('has every member column answered for by a part with an export and a forget function', async () => {
      // The account goes last: it decides whether the person is deleted or anonymised.
      expect(await gaps()).toEqual({ uncovered: [], noExport: [], noForget: [], last: 'account' });
    });

    it('names the table when a new one has no part, or a part lacks a function', async () => {
      const found = await runAs(db(), 'member', async (tx) => {
        await tx.query('reset role');
        await tx.query(`create table public.member_scrapbook (user_id uuid references public.profiles (id))`);
        await tx.query(`create table private.member_notes (author_id uuid)`);
        await tx.query(`drop function private.forget_poll_votes(uuid)`);
        return gaps(tx);
      });
      expect(found).toEqual({
        uncovered: ['private.member_notes.author_id', 'public.member_scrapbook.user_id'],
        noExport: [],
        noForget: ['private.forget_poll_votes(uuid)'],
        last: 'account',
      });
    });

    it('lets no API role run a part or read the registry', async () => {
      const { rows } = await db().query<{ name: string }>(
        `select p.oid::regprocedure::text as name from pg_catalog.pg_proc p
         join private.member_data_parts d on p.proname in ('export_' || d.part, 'forget_' || d.part)
         where p.pronamespace = 'private'::regnamespace
           and (has_function_privilege('anon', p.oid, 'execute')
                or has_function_privilege('authenticated', p.oid, 'execute'))`,
      );
      expect(rows).toEqual([]);
      const { rows: table } = await db().query<{ readable: boolean }>(
        `select has_table_privilege('authenticated', 'private.member_data_parts', 'select')
             or has_table_privilege('anon', 'private.member_data_parts', 'select') as readable`,
      );
      expect(table).toEqual([{ readable: false }]);
    });
  });

  describe('a member with rows in every table', () => {
    it('gets every one of them in the download, under each part’s name', async () => {
      const data = await runAs(db(), 'member', async (tx) => {
        const { rows } = await tx.query<{ data: Record<string, unknown> }>(
          'select public.export_my_data() as data',
        );
        return rows[0]!.data;
      });
      const { rows: parts } = await db().query<{ part: string }>(
        'select part from private.member_data_parts',
      );
      expect(Object.keys(data).sort()).toEqual(['exported_at', ...parts.map((p) => p.part)].sort());
      const ids = (key: string, field = 'id') =>
        (data[key] as Record<string, unknown>[]).map((r) => r[field]);
      expect(data['poll_votes']).toEqual([expect.objectContaining({ poll_id: POLL, option_index: 1 })]);
      expect(data['traveller_form_responses']).toEqual([
        expect.objectContaining({ form_id: FORM, answers: { f1: 'PA1234567' } }),
      ]);
      expect(ids('event_update_reads', 'update_id')).toEqual([ID.updatePublished]);
      expect(ids('comment_flags')).toEqual([ID.flagMember]);
      expect(ids('comment_suspensions')).toEqual([SUSPENSION_OF_MEMBER]);
      expect(ids('staff_notes')).toEqual([NOTE_ABOUT_MEMBER]);
      expect(ids('polls_created')).toEqual([POLL_BY_MEMBER]);
      expect(ids('event_updates_sent')).toEqual([UPDATE_BY_MEMBER]);
      expect(ids('traveller_form_reminders_sent')).toEqual([REMINDER]);
      expect(ids('audit_log', 'entity_id')).toEqual([ID.published]);
      expect(data['outbound_mail']).toEqual([
        expect.objectContaining({ recipient: MEMBER_EMAIL, subject: 'Trip news' }),
        expect.objectContaining({ reply_to: MEMBER_EMAIL, body: 'Do you run tours in June?' }),
        expect.objectContaining({
          reply_to: MEMBER_EMAIL,
          subject: expect.stringMatching(/^Payment notice:/),
        }),
      ]);
      expect(data['unsubscribe_tokens']).toEqual([{ email: MEMBER_EMAIL, created_at: expect.any(String) }]);
      // The tables the download held before keep their shapes (account-self-service.test.ts has the rest).
      expect(ids('bookings')).toEqual([ID.bookingMember]);
      // Everything on the booking comes with it: its travellers, payments with their refunds, the member's
      // notices, each invoice issued.
      const [booking] = data['bookings'] as Record<string, unknown>[];
      expect(booking).toMatchObject({
        travellers: expect.any(Array),
        payment_notices: [
          { amount_cents: 1000, note: 'From savings', matched: false, paid_on: expect.any(String) },
        ],
        payments: [
          expect.objectContaining({
            amount_cents: 2500,
            method: 'card',
            refunds: [{ amount_cents: 500, surcharge_cents: 0, refunded_at: expect.any(String) }],
          }),
        ],
        schedule_changes: [],
        payment_reminders: [],
        invoice_versions: [expect.objectContaining({ version: 1, invoice_number: expect.any(String) })],
        cancellation: null,
        credits: [],
      });
      expect(data['account']).toMatchObject({ id: ID.member, email: 'member@fixture.test' });
      expect(data['profile']).toMatchObject({ id: ID.member, full_name: 'Mia Member' });
      // Nothing of anyone else: not the other member's vote-free rows, nor the note about them.
      expect(JSON.stringify(data)).not.toContain('Called back');
      expect(JSON.stringify(data)).not.toContain('Spam');
    });

    it('leaves nothing personal behind once the account is deleted', async () => {
      const after = await runAs(db(), 'member', async (tx) => {
        const { rows } = await tx.query<{ result: string }>('select public.delete_my_account() as result');
        const columns = await asOwner<{ col: string }>(tx, MEMBER_COLUMNS);
        const remaining: Record<string, number> = {};
        for (const { col } of columns) {
          const [schema, table, column] = col.split('.');
          // A uuid column holds the member's id; a text column the address they had.
          const { rows: counted } = await tx.query<{ n: number }>(
            `select count(*)::int as n from "${schema}"."${table}"
             where "${column}"::text = $1 or lower("${column}"::text) = $2`,
            [ID.member, MEMBER_EMAIL],
          );
          if (counted[0]!.n > 0) remaining[col] = counted[0]!.n;
        }
        const kept = await asOwner<Record<string, unknown>>(
          tx,
          `select
             (select full_name from public.profiles where id = $1) as profile_name,
             (select phone from public.profiles where id = $1) as profile_phone,
             (select email from auth.users where id = $1) as email,
             (select count(*)::int from public.travellers where user_id = $1
                and (medical_notes is not null or phone is not null or date_of_birth is not null)) as traveller_details,
             (select count(*)::int from public.customer_notes where id = $2) as note_about,
             (select count(*)::int from public.customer_notes where id = $3) as note_by,
             (select count(*)::int from public.comment_suspensions where id = $4 and created_by is null) as suspension_by`,
          [ID.member, NOTE_ABOUT_MEMBER, NOTE_BY_MEMBER, SUSPENSION_BY_MEMBER],
        );
        return { result: rows[0]!.result, remaining, kept: kept[0] };
      });
      expect(after.result).toBe('anonymised');
      // Only the records the company keeps still point at the (anonymised) account.
      expect(Object.keys(after.remaining).filter((col) => !KEPT.has(col))).toEqual([]);
      expect(after.kept).toEqual({
        profile_name: null,
        profile_phone: null,
        email: `deleted-${ID.member}@account-deleted.invalid`,
        traveller_details: 0,
        note_about: 0,
        note_by: 1,
        suspension_by: 1,
      });
    });

    it('deletes a member the company keeps nothing of outright, votes and answers included', async () => {
      const after = await runAs(db(), 'member', async (tx) => {
        await tx.query('reset role');
        // No bookings and no posts: nothing needs the person to stay.
        await tx.query('delete from public.comment_replies where user_id = $1', [ID.member]);
        await tx.query('delete from public.comments where user_id = $1', [ID.member]);
        // A booking with money on it cannot be deleted (its payments restrict it): remove the ledger first.
        const own =
          'select p.id from public.payments p join public.bookings b on b.id = p.booking_id where b.user_id = $1';
        await tx.query(`delete from public.payment_refunds where payment_id in (${own})`, [ID.member]);
        await tx.query(`delete from public.payments where id in (${own})`, [ID.member]);
        await tx.query('delete from public.bookings where user_id = $1', [ID.member]);
        await tx.query('set role authenticated');
        const { rows } = await tx.query<{ result: string }>('select public.delete_my_account() as result');
        const left = await asOwner<{ n: number }>(
          tx,
          `select ((select count(*) from auth.users where id = $1)
                 + (select count(*) from public.poll_votes where user_id = $1)
                 + (select count(*) from public.traveller_form_responses where user_id = $1)
                 + (select count(*) from public.comment_suspensions where user_id = $1))::int as n`,
          [ID.member],
        );
        return { result: rows[0]!.result, left: left[0]!.n };
      });
      expect(after).toEqual({ result: 'deleted', left: 0 });
    });
  });
});
