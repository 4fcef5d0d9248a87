import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyBodyProblem, replySubjectProblem } from '../../../src/features/admin/enquiries/reply-rules.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { claimsOf, ID, insertFixtures, type Actor } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The enquiries screen's database side (20261126500001_admin_enquiries.sql): the page readers, the
// answered-at stamps, and reply_to_enquiry(): its rules agree with src/features/admin/enquiries/reply-rules.ts, it
// mails only the enquirer, marks the enquiry answered (and so audits it), and refuses anyone but an admin.

const x = (count: number, text = 'x') => text.repeat(count);
const CONTROLS = ['\u0000', '\u0007', '\t', '\n', '\r', '\u001B', '\u007F', '\u0085', '\u009F'];
const EDGE_SPACE = [' ', '\u00A0', '\u2003', '\u3000', '\uFEFF', '\u2028'];
const SUBJECTS = [
  '',
  ' ',
  'A',
  x(200),
  x(201),
  x(200, '😀'),
  x(201, '😀'),
  ` ${x(200)} `,
  'Re: Ghost tour',
  ...CONTROLS.map((c) => `Your${c}trip`),
  ...EDGE_SPACE.flatMap((s) => [`${s}Trip`, `Trip${s}`]),
  'Trip\uD800',
];
const BODIES = [
  '',
  ' ',
  'A',
  x(5000),
  x(5001),
  x(5000, '😀'),
  x(5001, '😀'),
  'Dear Ada,\n\nSee you there.\r\n\tThe team',
  ...CONTROLS.map((c) => `Hello${c}there`),
  ...EDGE_SPACE.flatMap((s) => [`${s}Hello`, `Hello${s}`]),
  'Hello\uD800',
];

const WAITLIST_TRIP = 'Lantern walk';
const OTHER_TRIP = 'Crypt night';

describe.each(DATABASE_KINDS)('admin enquiries on $name', (kind) => {
  let testDb: TestDatabase;
  const as = (actor: Actor, sql: string, params: unknown[] = []) =>
    runAs(testDb.db, actor, async (tx) => (await tx.query<Record<string, unknown>>(sql, params)).rows);
  /** Commits, as the API does after a successful call. */
  const commitAs = (actor: Actor, sql: string, params: unknown[] = []) =>
    withClaims(testDb.db, claimsOf(actor), async (tx) => (await tx.query(sql, params)).rows);

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    // Three on one trip's waitlist, in order of joining, one on another's; a literal % in a name.
    await testDb.db.query(`
      insert into public.waitlist_submissions (event_name, full_name, email, phone, created_at) values
        ('${WAITLIST_TRIP}', 'Una First', 'una@example.com', null, now() - interval '3 days'),
        ('${WAITLIST_TRIP}', 'Dai Second', 'dai@example.com', '0400 000 000', now() - interval '2 days'),
        ('${WAITLIST_TRIP}', 'Tri 100% Third', 'tri@example.com', null, now() - interval '1 day'),
        ('${OTHER_TRIP}', 'Solo Crypt', 'solo@example.com', null, now());
    `);
  }, 120_000);
  afterAll(async () => {
    await testDb?.dispose();
  });

  const page = `select full_name, position::int, total_count::int from public.admin_waitlist_entries(
    event => $1, search => $2, filter => $3, sort => $4, direction => $5, page_size => $6,
    page_offset => $7)`;

  it('reads a waitlist page with positions in order of joining and the total', async () => {
    const rows = await as('admin', page, [WAITLIST_TRIP, null, null, null, 'asc', 2, 0]);
    expect(rows).toEqual([
      { full_name: 'Una First', position: 1, total_count: 3 },
      { full_name: 'Dai Second', position: 2, total_count: 3 },
    ]);
    const next = await as('admin', page, [WAITLIST_TRIP, null, null, null, 'asc', 2, 2]);
    expect(next).toEqual([{ full_name: 'Tri 100% Third', position: 3, total_count: 3 }]);
    const byName = await as('admin', page, [WAITLIST_TRIP, null, null, 'full_name', 'desc', 25, 0]);
    expect(byName.map((row) => row.full_name)).toEqual(['Una First', 'Tri 100% Third', 'Dai Second']);
  });

  it('searches name, e-mail and phone, taking wildcards literally, and keeps positions', async () => {
    expect(await as('admin', page, [null, ' 100% ', null, null, 'asc', 25, 0])).toEqual([
      { full_name: 'Tri 100% Third', position: 3, total_count: 1 },
    ]);
    expect(await as('admin', page, [null, 'Tri%Third', null, null, 'asc', 25, 0])).toEqual([]);
    expect(await as('admin', page, [null, '_', null, null, 'asc', 25, 0])).toEqual([]);
    expect(await as('admin', page, [null, '0400', null, null, 'asc', 25, 0])).toEqual([
      { full_name: 'Dai Second', position: 2, total_count: 1 },
    ]);
    expect(await as('admin', page, [null, 'SOLO@', null, null, 'asc', 25, 0])).toEqual([
      { full_name: 'Solo Crypt', position: 1, total_count: 1 },
    ]);
  });

  it('lists the trips with their entries for the filter', async () => {
    const rows = await as(
      'admin',
      `select event_name, entries::int, open_entries::int from public.admin_enquiry_events('waitlist')
       where event_name in ($1, $2)`,
      [WAITLIST_TRIP, OTHER_TRIP],
    );
    expect(rows).toEqual([
      { event_name: OTHER_TRIP, entries: 1, open_entries: 1 },
      { event_name: WAITLIST_TRIP, entries: 3, open_entries: 3 },
    ]);
  });

  it.each([
    `select count(*)::int as n from public.admin_waitlist_entries()`,
    `select count(*)::int as n from public.admin_interest_registrations()`,
    `select count(*)::int as n from public.admin_contact_messages()`,
    `select count(*)::int as n from public.admin_enquiry_events('interest')`,
    `select (public.reply_to_enquiry('contact', '${ID.contact}', 'Hi', 'Hello') is not null)::int as n`,
  ])('%s: visitors may not call it, members are refused, admins read', async (sql) => {
    const outcomes = [];
    for (const actor of ['visitor', 'member', 'admin'] as const)
      outcomes.push(await outcomeOf(testDb.db, actor, sql));
    expect(outcomes[0]).toBe('denied');
    expect(outcomes[1]).toBe('refused');
    expect(typeof outcomes[2]).toBe('number');
  });

  it('stamps the time of marking: no backdating, marking again keeps it, clearing reopens', async () => {
    const [entry] = await testDb.db
      .query<{ id: string }>(`select id from public.waitlist_submissions where email = 'una@example.com'`)
      .then((result) => result.rows);
    const mark = `update public.waitlist_submissions set contacted_at = $2 where id = $1
                  returning contacted_at > now() - interval '1 minute' as recent`;
    const first = await commitAs('admin', mark, [entry!.id, '2001-01-01T00:00:00Z']);
    expect(first).toEqual([{ recent: true }]);
    const before = await testDb.db.query<{ at: string }>(
      `select contacted_at::text as at from public.waitlist_submissions where id = $1`,
      [entry!.id],
    );
    await commitAs('admin', `update public.waitlist_submissions set contacted_at = now() where id = $1`, [
      entry!.id,
    ]);
    const again = await testDb.db.query<{ at: string }>(
      `select contacted_at::text as at from public.waitlist_submissions where id = $1`,
      [entry!.id],
    );
    expect(again.rows[0]!.at).toBe(before.rows[0]!.at);
    const shown = await as('admin', page, [WAITLIST_TRIP, null, 'open', null, 'asc', 25, 0]);
    expect(shown.map((row) => row.full_name)).toEqual(['Dai Second', 'Tri 100% Third']);
    await commitAs('admin', `update public.waitlist_submissions set contacted_at = null where id = $1`, [
      entry!.id,
    ]);
    expect(await as('admin', page, [WAITLIST_TRIP, null, 'done', null, 'asc', 25, 0])).toEqual([]);
    const audit = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log
       where entity = 'waitlist_submissions' and entity_id = $1 and actor_id = $2`,
      [entry!.id, ID.admin],
    );
    expect(audit.rows[0]!.n).toBe(2);
  });

  it('replies to the enquirer only, from the company address, and marks the enquiry answered', async () => {
    const [row] = await commitAs(
      'admin',
      `select public.reply_to_enquiry('contact', $1, 'About your message', 'Dear Cara,\nYes.') as sent_to`,
      [ID.contact],
    );
    expect(row).toEqual({ sent_to: 'cara@fixture.test' });
    const mail = await testDb.db.query(
      `select recipient, reply_to, subject, body from private.outbound_mail
       where recipient = 'cara@fixture.test' and subject = 'About your message'`,
    );
    expect(mail.rows).toEqual([
      {
        recipient: 'cara@fixture.test',
        reply_to: 'hello@hauntedhorizons.com.au',
        subject: 'About your message',
        body: 'Dear Cara,\nYes.\n\n-- \nHaunted Horizons',
      },
    ]);
    const handled = await testDb.db.query<{ handled: boolean }>(
      `select handled_at is not null as handled from public.contact_messages where id = $1`,
      [ID.contact],
    );
    expect(handled.rows[0]!.handled).toBe(true);
    const audit = await testDb.db.query(
      `select action, after ? 'handled_at' as handled from public.audit_log
       where entity = 'contact_messages' and entity_id = $1`,
      [ID.contact],
    );
    expect(audit.rows).toEqual([{ action: 'update', handled: true }]);
  });

  // The shared page check (private.check_page_arguments, migration 20261128700001): a bad direction, page or
  // search is refused with its words; an unknown sort key is not refused (it falls back to an order), as the address is editable.
  it.each([
    ['admin_waitlist_entries', 'asc'],
    ['admin_interest_registrations', 'desc'],
    ['admin_contact_messages', 'desc'],
  ])(
    '%s refuses a bad direction, page or search and reads an unknown sort without refusing it',
    async (reader, dir) => {
      const message = async (args: string) => {
        try {
          await as('admin', `select count(*) from public.${reader}(${args})`);
          return 'no error';
        } catch (error) {
          return `${(error as { code?: string }).code}: ${(error as Error).message}`;
        }
      };
      expect(await message(`direction => 'up'`)).toBe('22023: The sort direction must be asc or desc.');
      for (const page of ['page_size => 0', 'page_size => 1001', 'page_size => null', 'page_offset => -1'])
        expect(await message(page)).toBe('22023: A page holds 1 to 1,000 rows from an offset of 0 or more.');
      expect(await message(`search => repeat('a', 201)`)).toBe('22023: A search is at most 200 characters.');
      expect(await message(`search => repeat('a', 200), page_size => 1000`)).toBe('no error');
      const total = async (sort: string) =>
        (
          await as(
            'admin',
            `select count(*)::int as n from public.${reader}(sort => ${sort}, direction => '${dir}')`,
          )
        )[0];
      expect(await total(`'password'`)).toEqual(await total('null'));
    },
  );

  it('refuses a bad kind, a missing enquiry and a bad subject, changing nothing', async () => {
    const call = (kindName: string, id: string, subject = 'Hi') =>
      outcomeOf(
        testDb.db,
        'admin',
        `select (public.reply_to_enquiry($1, $2, $3, 'Hello') is not null)::int as n`,
        [kindName, id, subject],
      );
    expect(await call('profiles', ID.interest)).toBe('error 22023');
    expect(await call('interest', ID.waitlist)).toBe('error P0002');
    expect(await call('interest', ID.interest, ' ')).toBe('error 22023');
    const open = await testDb.db.query<{ handled_at: string | null }>(
      `select handled_at from public.interest_registrations where id = $1`,
      [ID.interest],
    );
    expect(open.rows[0]!.handled_at).toBeNull();
  });

  // One rule per field: the screen's rules and the function's checks decide alike on every boundary value.
  const verdict = (value: string, column: 'subject' | 'body') =>
    outcomeOf(
      testDb.db,
      'admin',
      column === 'subject'
        ? `select (public.reply_to_enquiry('interest', $1, $2::jsonb ->> 0, 'Hello') is not null)::int as n`
        : `select (public.reply_to_enquiry('interest', $1, 'Hi', $2::jsonb ->> 0) is not null)::int as n`,
      [ID.interest, JSON.stringify([value])],
    );

  it.each([
    ['subject', SUBJECTS, replySubjectProblem],
    ['body', BODIES, replyBodyProblem],
  ] as const)('the reply %s rule decides as the database does', async (column, values, problem) => {
    const disagreements: string[] = [];
    for (const value of values) {
      const accepted = problem(value) === undefined;
      // What the screen sends (trimmed), and the value as a direct call could send it.
      const sent = await verdict(value.trim(), column);
      if ((sent === 1) !== accepted) disagreements.push(`trimmed ${JSON.stringify(value)}: ${sent}`);
      const asGiven = await verdict(value, column);
      if ((asGiven === 1) !== (accepted && value === value.trim()))
        disagreements.push(`as given ${JSON.stringify(value)}: ${asGiven}`);
    }
    expect(disagreements).toEqual([]);
  });
});
