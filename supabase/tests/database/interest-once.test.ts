import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local/src/db/migrate.ts';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { classify, outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  PREPARE_OPTIONS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Interest in a trip is registered once per trip and address (issue 20, decision 0061), as the waitlist
// is: public.register_interest() answers 'registered' or 'already' by a unique index on the trip and the
// lower-cased address, a duplicate e-mails nobody, 'already' answers count against the same hourly limit
// as the waitlist's, and the hourly limit on enquiries still holds. Each case is rolled back.

const TRIP = 'Published trip';

/** As the caller's role: registers interest and returns the answer (or the error's outcome). */
async function register(tx: Queryable, email: string, consent = false, trip = TRIP): Promise<string> {
  await tx.query('savepoint register');
  try {
    const { rows } = await tx.query<{ answer: string }>(
      `select public.register_interest($1, 'Ivy Interest', $2, message => 'Single room?', marketing_consent => $3) as answer`,
      [trip, email, consent],
    );
    await tx.query('release savepoint register');
    return rows[0]!.answer;
  } catch (error) {
    await tx.query('rollback to savepoint register');
    return String(classify(error));
  }
}

/** Runs fn as the owner inside the same transaction, then goes back to the caller's role. */
async function asOwner<T>(tx: Queryable, fn: () => Promise<T>): Promise<T> {
  const role = (await tx.query<{ role: string }>(`select current_setting('role') as role`)).rows[0]!.role;
  await tx.query('reset role');
  try {
    return await fn();
  } finally {
    await tx.query(`select set_config('role', $1, true)`, [role]);
  }
}

/** The registrations and the outbox's messages about or to an address, any letter case (read as the owner). */
const recordsOf = (tx: Queryable, address: string) =>
  asOwner(tx, async () => {
    const rows = await tx.query<{ email: string; message: string | null; marketing_consent: boolean }>(
      `select email, message, marketing_consent from public.interest_registrations
       where lower(email) = lower($1) order by created_at`,
      [address],
    );
    const mail = await tx.query<{ recipient: string; subject: string }>(
      `select recipient, subject from private.outbound_mail
       where lower(reply_to) = lower($1) or lower(recipient) = lower($1) order by id`,
      [address],
    );
    return { rows: rows.rows, mail: mail.rows };
  });

describe.each(DATABASE_KINDS)('interest registered once per trip and address on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it("answers 'registered', then 'already' for the same address in another letter case, e-mailing the company once", async () => {
    const seen = await runAs(db(), 'visitor', async (tx) => {
      const answers = [await register(tx, 'ivy@example.org'), await register(tx, 'IVY@Example.org')];
      return { answers, ...(await recordsOf(tx, 'ivy@example.org')) };
    });
    expect(seen.answers).toEqual(['registered', 'already']);
    expect(seen.rows).toEqual([
      { email: 'ivy@example.org', message: 'Single room?', marketing_consent: false },
    ]);
    expect(seen.mail).toEqual([
      { recipient: 'hello@hauntedhorizons.com.au', subject: 'Interest: Ivy Interest in Published trip' },
    ]);
  });

  it('registers the same address for another trip, and answers already for an address the fixtures hold', async () => {
    const seen = await runAs(db(), 'member', async (tx) => {
      const other = await tx.query<{ answer: string }>(
        `select public.register_interest('Another trip', 'Ian Interest', 'ian@fixture.test') as answer`,
      );
      return [other.rows[0]!.answer, await register(tx, 'Ian@Fixture.test')];
    });
    expect(seen).toEqual(['registered', 'already']);
  });

  it('keeps the first registration: a duplicate with the box ticked changes no consent and asks nobody to confirm', async () => {
    const seen = await runAs(db(), 'visitor', async (tx) => {
      const answers = [
        await register(tx, 'quiet@example.org'),
        await register(tx, 'Quiet@example.org', true),
      ];
      return { answers, ...(await recordsOf(tx, 'quiet@example.org')) };
    });
    expect(seen.answers).toEqual(['registered', 'already']);
    expect(seen.rows).toMatchObject([{ marketing_consent: false }]);
    expect(seen.mail.map((mail) => mail.subject)).toEqual(['Interest: Ivy Interest in Published trip']);
  });

  it('still asks a ticked first registration to confirm trip news (decision 0059)', async () => {
    const seen = await runAs(db(), 'visitor', async (tx) => {
      const answers = [
        await register(tx, 'news@example.org', true),
        await register(tx, 'NEWS@example.org', true),
      ];
      return { answers, ...(await recordsOf(tx, 'news@example.org')) };
    });
    expect(seen.answers).toEqual(['registered', 'already']);
    expect(seen.rows).toMatchObject([{ marketing_consent: true }]);
    // One of each, whichever trigger queued it first.
    expect(seen.mail.map((mail) => mail.subject).sort()).toEqual([
      'Interest: Ivy Interest in Published trip',
      'Please confirm trip news from Haunted Horizons',
    ]);
  });

  it('lets nobody insert a registration directly: the unique index would answer "already" past any limit', async () => {
    const direct = `insert into public.interest_registrations (event_name, full_name, email) values ('Trip', 'Val', 'val@fixture.test')`;
    for (const actor of ['visitor', 'member', 'admin'] as const) {
      expect(await outcomeOf(db(), actor, direct)).toBe('denied');
    }
  });

  it("refuses a draft trip's event id and a malformed address, as the table's rules did", async () => {
    expect(
      await outcomeOf(
        db(),
        'visitor',
        `select count(*)::int as n from public.register_interest('Draft trip', 'Val', 'val@fixture.test', event_id => '${ID.draft}')`,
      ),
    ).toBe('rls');
    expect(
      await outcomeOf(
        db(),
        'visitor',
        `select count(*)::int as n from public.register_interest('Trip', 'Val', 'nope')`,
      ),
    ).toBe('error 23514');
  });

  it("counts 'already' answers with the waitlist's: 10 an hour to one client across both forms, then PT429", async () => {
    const answers = await runAs(db(), 'visitor', async (tx) => {
      // Room under the hourly enquiry limit, so only the limit on 'already' answers can refuse.
      await asOwner(tx, () => tx.query('update private.enquiry_limits set per_hour = 100'));
      const seen: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const { rows } = await tx.query<{ answer: string }>(
          `select public.join_waitlist('Published trip', 'Wendy', 'WENDY@fixture.test') as answer`,
        );
        seen.push(rows[0]!.answer);
      }
      for (let i = 0; i < 5; i += 1) seen.push(await register(tx, 'IAN@fixture.test'));
      // A new address still registers: the limit is on answers that tell who registered.
      seen.push(await register(tx, 'someone-new@example.org'));
      return seen;
    });
    expect(answers).toEqual([...Array<string>(10).fill('already'), 'error PT429', 'registered']);
  });

  it('keeps the hourly limit on enquiries: past it a registration is refused with PT429 and saves nothing', async () => {
    const seen = await runAs(db(), 'visitor', async (tx) => {
      await asOwner(tx, () => tx.query('update private.enquiry_limits set per_hour = 2'));
      const answers = [
        await register(tx, 'one@example.org'),
        await register(tx, 'two@example.org'),
        await register(tx, 'three@example.org'),
      ];
      return { answers, ...(await recordsOf(tx, 'three@example.org')) };
    });
    expect(seen).toEqual({ answers: ['registered', 'registered', 'error PT429'], rows: [], mail: [] });
  });
});

const ONCE_MIGRATION = '20261129920001';

describe.each(DATABASE_KINDS)('the once-per-trip migration on registrations made twice, on $name', (kind) => {
  let testDb: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'interest-once-'));
    const files = (await readdir(PREPARE_OPTIONS.migrationsDir)).filter((name) => name < ONCE_MIGRATION);
    for (const name of files) await cp(path.join(PREPARE_OPTIONS.migrationsDir, name), path.join(dir, name));
    testDb = await kind.create();
    // Unseeded: seed.sql is written for the newest schema, not for this older one (dir holds no seed).
    await prepareDatabase(testDb.db, {
      ...PREPARE_OPTIONS,
      migrationsDir: dir,
      seedFile: path.join(dir, 'seed.sql'),
    });
  });
  afterAll(async () => {
    await testDb?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the earliest registration of each trip and address, then refuses a second one', async () => {
    await testDb.db.query(
      `insert into public.interest_registrations (event_name, full_name, email, message, created_at) values
         ('Dup trip', 'Dee', 'dee@example.org', 'second', now() - interval '1 day'),
         ('Dup trip', 'Dee', 'DEE@example.org', 'first', now() - interval '2 days'),
         ('Dup trip', 'Dee', 'Dee@Example.org', 'third', now()),
         ('Other trip', 'Dee', 'dee@example.org', 'other trip', now()),
         ('Dup trip', 'Eve', 'eve@example.org', 'alone', now())`,
    );
    const migration = (await readdir(PREPARE_OPTIONS.migrationsDir)).find((name) =>
      name.startsWith(ONCE_MIGRATION),
    );
    await cp(path.join(PREPARE_OPTIONS.migrationsDir, migration!), path.join(dir, migration!));
    await prepareDatabase(testDb.db, {
      ...PREPARE_OPTIONS,
      migrationsDir: dir,
      seedFile: path.join(dir, 'seed.sql'),
    });
    const { rows } = await testDb.db.query<{ event_name: string; message: string }>(
      `select event_name, message from public.interest_registrations
       where lower(email) in ('dee@example.org', 'eve@example.org') order by event_name, message`,
    );
    expect(rows).toEqual([
      { event_name: 'Dup trip', message: 'alone' },
      { event_name: 'Dup trip', message: 'first' },
      { event_name: 'Other trip', message: 'other trip' },
    ]);
    const again = await runAs(testDb.db, 'visitor', (tx) =>
      register(tx, 'dee@EXAMPLE.org', false, 'Dup trip'),
    );
    expect(again).toBe('already');
  });
});
