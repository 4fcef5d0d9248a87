import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../local/src/db/open.ts';
import { prepareDatabase } from '../../local/src/db/migrate.ts';
import { DATABASE_KINDS, PREPARE_OPTIONS, type TestDatabase } from '../../local/test/db/test-databases.ts';

const migrationVersions = async () =>
  (await readdir(PREPARE_OPTIONS.migrationsDir))
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, 14))
    .sort();

describe.each(DATABASE_KINDS)('preparing a new database on $name', (kind) => {
  let testDb: TestDatabase & { prepared: Awaited<ReturnType<typeof prepareDatabase>> };

  // Migrated here from nothing, never copied from the run's template (pglite-template.ts): this file tests
  // the preparation itself.
  beforeAll(async () => {
    const fresh = await kind.create();
    testDb = { ...fresh, prepared: await prepareDatabase(fresh.db, PREPARE_OPTIONS) };
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('applies every migration in version order, records it, and seeds', async () => {
    expect(testDb.prepared).toEqual({ applied: await migrationVersions(), seeded: true });
    const { rows } = await testDb.db.query<{ version: string; name: string; statements: string[] }>(
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((row) => row.version)).toEqual(await migrationVersions());
    expect(rows[0]?.name).toBe('create_profiles');
    expect(
      rows[0]?.statements.some((statement) => statement.startsWith('create table public.profiles')),
    ).toBe(true);
  });

  it('is idempotent: a restart applies nothing, does not seed again and keeps the data', async () => {
    const before = await testDb.db.query<{ n: number }>('select count(*)::int as n from public.comments');
    expect(await prepareDatabase(testDb.db, PREPARE_OPTIONS)).toEqual({ applied: [], seeded: false });
    expect(await prepareDatabase(testDb.db, PREPARE_OPTIONS)).toEqual({ applied: [], seeded: false });
    const after = await testDb.db.query<{ n: number }>('select count(*)::int as n from public.comments');
    expect(after.rows).toEqual(before.rows);
  });

  it('provides the API roles, with only service_role bypassing row-level security', async () => {
    const { rows } = await testDb.db.query<{ rolname: string; rolbypassrls: boolean; rolcanlogin: boolean }>(
      `select rolname, rolbypassrls, rolcanlogin from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticator', rolbypassrls: false, rolcanlogin: true },
      { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false },
    ]);
  });

  it('publishes community tables to Realtime', async () => {
    const { rows } = await testDb.db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' order by tablename`,
    );
    expect(rows.map((row) => row.tablename)).toEqual([
      'comment_reactions',
      'comment_removals',
      'comment_replies',
      'comments',
      'event_updates',
      'poll_vote_signals',
      'reaction_removals',
      'reactions',
    ]);
  });

  it('enables row-level security on every public table', async () => {
    const { rows } = await testDb.db.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('seeds the published sample events with their prices, places and slugs', async () => {
    const { rows } = await testDb.db.query(
      `select slug, title, status::text, start_date::text, end_date::text, price_cents, currency, max_registrations
       from public.events where id in ('e0000000-0000-4000-8000-000000000001',
         'e0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000003')
       order by start_date`,
    );
    expect(rows).toEqual([
      {
        slug: 'tasmania-paranormal-getaway',
        title: 'Tasmania Paranormal Getaway',
        status: 'published',
        start_date: '2026-02-12',
        end_date: '2026-02-16',
        price_cents: 120000,
        currency: 'AUD',
        max_registrations: 15,
      },
      {
        slug: 'vietnam-battlefield-tour',
        title: 'Vietnam Battlefield Tour',
        status: 'published',
        start_date: '2026-10-10',
        end_date: '2026-10-23',
        price_cents: null,
        currency: 'AUD',
        max_registrations: null,
      },
      {
        slug: 'usa-paranormal-road-trip',
        title: 'USA Paranormal Road Trip',
        status: 'published',
        start_date: '2026-11-06',
        end_date: '2026-11-18',
        price_cents: 85000,
        currency: 'USD',
        max_registrations: 25,
      },
    ]);
  });

  it('seeds departures that are always upcoming: dated from the day the database is seeded', async () => {
    const { rows } = await testDb.db.query<{ trip_slug: string; starts: string; nights: number }>(
      `select trip_slug,
              case when trip_slug = 'quarantine-station-night-investigation'
                   then 'today + ' || (start_date - private.sydney_today())
                   else replace(start_date::text, (extract(year from private.sydney_today())::int + 1)::text, 'next year')
              end as starts,
              end_date - start_date as nights
       from public.events where status = 'published' and start_date > private.sydney_today() order by trip_slug`,
    );
    expect(rows).toEqual([
      { trip_slug: 'quarantine-station-night-investigation', starts: 'today + 45', nights: 1 },
      { trip_slug: 'tasmania-paranormal-getaway', starts: 'next year-02-12', nights: 4 },
      { trip_slug: 'usa-paranormal-road-trip', starts: 'next year-11-06', nights: 12 },
      { trip_slug: 'vietnam-battlefield-tour', starts: 'next year-10-10', nights: 13 },
    ]);
  });

  it('seeds confirmed members whose passwords bcryptjs verifies, with profiles from their metadata', async () => {
    const { rows } = await testDb.db.query<{
      email: string;
      hash: string;
      full_name: string;
      is_admin: boolean;
    }>(
      `select u.email, u.encrypted_password as hash, p.full_name, p.is_admin
       from auth.users u join public.profiles p on p.id = u.id
       where u.email in ('admin@example.com', 'member@example.com') and u.email_confirmed_at is not null
         and exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email')
       order by u.email`,
    );
    expect(rows.map(({ email, full_name, is_admin }) => ({ email, full_name, is_admin }))).toEqual([
      { email: 'admin@example.com', full_name: 'Morgan Blackwood', is_admin: true },
      { email: 'member@example.com', full_name: 'Jamie Harper', is_admin: false },
    ]);
    for (const row of rows) {
      expect(await bcrypt.compare('password123', row.hash)).toBe(true);
      expect(await bcrypt.compare('wrong-password', row.hash)).toBe(false);
    }
  });

  it("seeds the member's bookings like the dashboard's: totals 2400 and 3200 AUD, 800 paid on each", async () => {
    const { rows } = await testDb.db.query(
      `select e.slug, b.total_cents, b.currency, bb.paid_cents, bb.remaining_cents,
              (select count(*)::int from public.booking_installments i where i.booking_id = b.id) as instalments
       from public.bookings b join public.events e on e.id = b.event_id
       join public.booking_balances bb on bb.booking_id = b.id
       join auth.users u on u.id = b.user_id
       where u.email = 'member@example.com' order by b.total_cents`,
    );
    expect(rows).toEqual([
      {
        slug: 'tasmania-paranormal-getaway',
        total_cents: 240000,
        currency: 'AUD',
        paid_cents: 80000,
        remaining_cents: 160000,
        instalments: 3,
      },
      {
        slug: 'usa-paranormal-road-trip',
        total_cents: 320000,
        currency: 'AUD',
        paid_cents: 80000,
        remaining_cents: 240000,
        instalments: 3,
      },
    ]);
  });

  it("seeds two unread updates for the member's booked trips, newest first", async () => {
    const { rows } = await testDb.db.query(
      `select e.slug, u.title,
              exists (select 1 from public.event_update_reads r where r.update_id = u.id) as read
       from public.event_updates u join public.events e on e.id = u.event_id
       where exists (select 1 from public.bookings b join auth.users m on m.id = b.user_id
                     where b.event_id = u.event_id and m.email = 'member@example.com')
       order by u.created_at desc`,
    );
    expect(rows).toEqual([
      { slug: 'usa-paranormal-road-trip', title: 'Route map published', read: false },
      { slug: 'tasmania-paranormal-getaway', title: 'Hotel confirmed in Hobart', read: false },
    ]);
  });

  it('seeds live community activity and the event-images bucket', async () => {
    const { rows } = await testDb.db.query(
      `select (select count(*)::int from public.comments where not is_deleted) > 0 as comments,
              (select count(*)::int from public.comment_replies) > 0 as replies,
              (select count(*)::int from public.reactions) > 0 as reactions,
              (select row_to_json(b)::jsonb from (select public, file_size_limit, allowed_mime_types
                 from storage.buckets where id = 'event-images') b) as bucket`,
    );
    expect(rows[0]).toEqual({
      comments: true,
      replies: true,
      reactions: true,
      bucket: {
        public: true,
        file_size_limit: 5242880,
        allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      },
    });
  });
});

describe('a persistent PGlite database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-prepare-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps its data across a close and reopen, and is not seeded twice', async () => {
    const first = await openDatabase({ dataDir });
    expect((await prepareDatabase(first, PREPARE_OPTIONS)).seeded).toBe(true);
    await first.query(
      `update public.events set title = 'Renamed while running' where slug = 'usa-paranormal-road-trip'`,
    );
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      expect(await prepareDatabase(second, PREPARE_OPTIONS)).toEqual({ applied: [], seeded: false });
      const { rows } = await second.query(
        `select title from public.events where slug = 'usa-paranormal-road-trip'`,
      );
      expect(rows).toEqual([{ title: 'Renamed while running' }]);
    } finally {
      await second.close();
    }
  });
});
