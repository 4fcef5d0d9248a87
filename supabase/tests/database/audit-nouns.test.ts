import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local/src/db/migrate.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  PREPARE_OPTIONS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The audit log's nouns (migration 20261128050001): each audit trigger names what its table holds, every
// row keeps that noun, and the audit screen's "What changed" list is read from the triggers.
const NOUNS_MIGRATION = '20261128050001';

describe.each(DATABASE_KINDS)('audit nouns on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('every audited table has a noun, as its trigger says', async () => {
    const { rows } = await db().query<{ entity: string; noun: string }>(
      `select c.relname as entity, split_part(encode(t.tgargs, 'escape'), '\\000', 2) as noun
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgfoid = 'private.audit_change()'::regprocedure
       order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(13);
    expect(rows.filter((row) => row.noun.trim() === '').map((row) => row.entity)).toEqual([]);
    const nouns = Object.fromEntries(rows.map((row) => [row.entity, row.noun]));
    expect(nouns).toMatchObject({
      profiles: 'member',
      events: 'event',
      waitlist_submissions: 'waitlist entry',
      interest_registrations: 'interest registration',
      contact_messages: 'contact message',
      customer_notes: 'staff note',
      event_updates: 'event update',
      polls: 'poll',
      comment_suspensions: 'suspension',
      traveller_forms: 'traveller form',
    });
  });

  it('lists the audited tables with their nouns for admins only', async () => {
    const listed = await runAs(db(), 'admin', (tx) =>
      tx.query<{ entity: string; noun: string }>('select * from public.admin_audit_entities()'),
    );
    expect(listed.rows).toContainEqual({ entity: 'customer_notes', noun: 'staff note' });
    const nouns = listed.rows.map((row) => row.noun);
    expect(nouns).toEqual([...nouns].sort());
    expect(
      await outcomeOf(db(), 'member', 'select count(*)::int as n from public.admin_audit_entities()'),
    ).toBe('refused');
    expect(
      await outcomeOf(db(), 'visitor', 'select count(*)::int as n from public.admin_audit_entities()'),
    ).toBe('denied');
  });

  it("writes the trigger's noun on each row, and the table's name in words without one", async () => {
    // A table audited without a noun (as an older trigger would be).
    await db().exec(`
      create table public.audit_probe_items (id uuid primary key default gen_random_uuid(), name text);
      grant insert on public.audit_probe_items to authenticated;
      create trigger audit_change after insert on public.audit_probe_items
        for each row execute function private.audit_change('name');`);
    // Written and read in one transaction (runAs rolls back).
    const { page, listed, found } = await runAs(db(), 'admin', async (tx) => {
      await tx.query(`update public.events set title = 'Nouns trip' where id = '${ID.published}'`);
      await tx.query(`insert into public.audit_probe_items (name) values ('Probe')`);
      return {
        page: await tx.query<{ entity: string; entity_label: string; entity_noun: string }>(
          `select entity, entity_label, entity_noun from public.admin_audit_log(search => 'Nouns trip')
           union all
           select entity, entity_label, entity_noun from public.admin_audit_log(filter => 'audit_probe_items')`,
        ),
        listed: await tx.query<{ noun: string }>(
          `select noun from public.admin_audit_entities() where entity = 'audit_probe_items'`,
        ),
        // The search finds a row by its noun too.
        found: await tx.query<{ n: number }>(
          `select count(*)::int as n from public.admin_audit_log(search => 'probe items')`,
        ),
      };
    });
    expect(page.rows).toEqual([
      { entity: 'events', entity_label: 'Nouns trip', entity_noun: 'event' },
      { entity: 'audit_probe_items', entity_label: 'Probe', entity_noun: 'audit probe items' },
    ]);
    expect(listed.rows).toEqual([{ noun: 'audit probe items' }]);
    expect(found.rows[0]?.n).toBe(1);
  });
});

describe.each(DATABASE_KINDS)('the nouns migration on an older log, on $name', (kind) => {
  let testDb: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'audit-nouns-'));
    const files = (await readdir(PREPARE_OPTIONS.migrationsDir)).filter((name) => name < NOUNS_MIGRATION);
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

  it('gives the rows written before it their nouns', async () => {
    await testDb.db.query(
      `insert into public.audit_log (actor_id, entity, entity_id, entity_label, action)
       values ($1, 'customer_notes', 'n1', 'Rang back', 'insert'),
              ($1, 'retired_things', 'r1', 'Gone', 'delete')`,
      [ID.admin],
    );
    const nouns = (await readdir(PREPARE_OPTIONS.migrationsDir)).find((name) =>
      name.startsWith(NOUNS_MIGRATION),
    );
    await cp(path.join(PREPARE_OPTIONS.migrationsDir, nouns!), path.join(dir, nouns!));
    await prepareDatabase(testDb.db, {
      ...PREPARE_OPTIONS,
      migrationsDir: dir,
      seedFile: path.join(dir, 'seed.sql'),
    });
    const { rows } = await testDb.db.query<{ entity: string; entity_noun: string }>(
      'select entity, entity_noun from public.audit_log order by id',
    );
    expect(rows).toEqual([
      { entity: 'customer_notes', entity_noun: 'staff note' },
      { entity: 'retired_things', entity_noun: 'retired things' },
    ]);
  });
});
