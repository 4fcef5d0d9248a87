import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// admin_active_events() and admin_event_manifest() beyond the matrix: which events are active (Sydney
// dates, 60 days), places sold without cancelled bookings, the literal search, sorting and paging, and ages
// on the first day. Events are named 'Window …' so the fixtures' own events never match the searches.
const E = {
  running: 'f2000000-0000-4000-8000-000000000411',
  lastDay: 'f2000000-0000-4000-8000-000000000412',
  in60: 'f2000000-0000-4000-8000-000000000413',
  in61: 'f2000000-0000-4000-8000-000000000414',
  ended: 'f2000000-0000-4000-8000-000000000415',
  draft: 'f2000000-0000-4000-8000-000000000416',
  cancelled: 'f2000000-0000-4000-8000-000000000417',
  percent: 'f2000000-0000-4000-8000-000000000418',
};
const B = {
  member: 'fa000000-0000-4000-8000-000000000411',
  other: 'fa000000-0000-4000-8000-000000000412',
  cancelled: 'fa000000-0000-4000-8000-000000000413',
};
const T = {
  birthdayOnDeparture: 'fd000000-0000-4000-8000-000000000411',
  birthdayNextDay: 'fd000000-0000-4000-8000-000000000412',
  noBirthDate: 'fd000000-0000-4000-8000-000000000413',
  cancelledTraveller: 'fd000000-0000-4000-8000-000000000414',
};

interface Row {
  id: string;
  places_sold: number;
  travellers_named: number;
  total_count: number;
}
interface ManifestTraveller {
  full_name: string;
  age_on_departure: number | null;
  dietary_notes: string | null;
  booked_by_email: string | null;
}

describe.each(DATABASE_KINDS)('active events and manifests on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;
  const active = (args: string) =>
    runAs(db(), 'admin', async (tx) => {
      const { rows } = await tx.query<Row>(`select * from public.admin_active_events(${args})`);
      return rows;
    });
  const manifest = (id: string) =>
    runAs(db(), 'admin', async (tx) => {
      const { rows } = await tx.query<{ m: { travellers: ManifestTraveller[]; event: Row } | null }>(
        `select to_jsonb(m) as m from public.admin_event_manifest($1) m`,
        [id],
      );
      return rows[0]?.m ?? null;
    });

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    // Starting 40 days from today: a birthday 40 days from today (30 years earlier) counts on departure.
    await db().exec(`
      insert into public.events (id, slug, title, location, status, start_date, end_date, max_registrations)
      select id::uuid, slug, title, location, status::public.event_status,
             private.sydney_today() + s, private.sydney_today() + e, cap
      from (values
        ('${E.running}', 'window-running', 'Window running', 'Hobart', 'published', -2, 3, 10),
        ('${E.lastDay}', 'window-last-day', 'Window last day', 'Sydney', 'published', -5, 0, null),
        ('${E.in60}', 'window-in-60', 'Window in 60', 'Perth', 'published', 60, 62, 20),
        ('${E.in61}', 'window-in-61', 'Window in 61', 'Perth', 'published', 61, 62, 20),
        ('${E.ended}', 'window-ended', 'Window ended', 'Perth', 'published', -5, -1, 20),
        ('${E.draft}', 'window-draft', 'Window draft', 'Perth', 'draft', 5, 6, 20),
        ('${E.cancelled}', 'window-cancelled', 'Window cancelled', 'Perth', 'cancelled', 5, 6, 20),
        ('${E.percent}', 'window-percent', 'Window 100% haunted', 'Perth', 'published', 40, 41, 4)
      ) as v (id, slug, title, location, status, s, e, cap);
      insert into public.bookings (id, event_id, user_id, invoice_number, travellers, total_cents, status) values
        ('${B.member}', '${E.percent}', '${ID.member}', 'WIN-0001', 3, 300000, 'confirmed'),
        ('${B.other}', '${E.percent}', '${ID.other}', 'WIN-0002', 1, 100000, 'pending'),
        ('${B.cancelled}', '${E.percent}', '${ID.other}', 'WIN-0003', 2, 200000, 'cancelled');
      insert into public.travellers (id, user_id, full_name, date_of_birth, dietary_notes) values
        ('${T.birthdayOnDeparture}', '${ID.member}', 'Bea Birthday',
         private.sydney_today() + 40 - interval '30 years', 'Vegetarian'),
        ('${T.birthdayNextDay}', '${ID.member}', 'Ned Nextday',
         private.sydney_today() + 41 - interval '30 years', null),
        ('${T.noBirthDate}', '${ID.other}', 'Uma Unknown', null, null),
        ('${T.cancelledTraveller}', '${ID.other}', 'Cal Cancelled', '1990-01-01', null);
      insert into public.booking_travellers (booking_id, traveller_id) values
        ('${B.member}', '${T.birthdayOnDeparture}'), ('${B.member}', '${T.birthdayNextDay}'),
        ('${B.other}', '${T.noBirthDate}'), ('${B.cancelled}', '${T.cancelledTraveller}');
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('lists published events running today or departing within 60 days, by departure', async () => {
    const rows = await active(`'Window'`);
    expect(rows.map((row) => row.id)).toEqual([E.lastDay, E.running, E.percent, E.in60]);
    expect(rows.every((row) => row.total_count === 4)).toBe(true);
  });

  it('counts places sold and travellers named without cancelled bookings', async () => {
    const [row] = await active(`'100%'`);
    expect(row).toMatchObject({ id: E.percent, places_sold: 4, travellers_named: 3, total_count: 1 });
  });

  it('searches literally: % and _ match only themselves, spaces around are ignored', async () => {
    expect((await active(`'  100%  '`)).map((row) => row.id)).toEqual([E.percent]);
    expect(await active(`'Window_'`)).toEqual([]);
    expect((await active(`'hobart'`)).map((row) => row.id)).toEqual([E.running]);
  });

  it('sorts by a known key either way and pages with the total of all matches', async () => {
    const byTitle = await active(`'Window', 'title', 'desc'`);
    expect(byTitle.map((row) => row.id)).toEqual([E.running, E.lastDay, E.in60, E.percent]);
    const bySold = await active(`'Window', 'places_sold', 'desc', 1, 0`);
    expect(bySold.map((row) => [row.id, row.total_count])).toEqual([[E.percent, 4]]);
    const second = await active(`'Window', 'start_date', 'asc', 2, 2`);
    expect(second.map((row) => row.id)).toEqual([E.percent, E.in60]);
    // An unknown key sorts by departure (the address is editable), never an error.
    expect((await active(`'Window', 'nonsense'`)).map((row) => row.id)).toEqual([
      E.lastDay,
      E.running,
      E.percent,
      E.in60,
    ]);
  });

  it('refuses a bad direction or page size and changes nothing', async () => {
    expect(
      await outcomeOf(
        db(),
        'admin',
        `select count(*)::int as n from public.admin_active_events('', 'title', 'up')`,
      ),
    ).toBe('error 22023');
    expect(
      await outcomeOf(
        db(),
        'admin',
        `select count(*)::int as n from public.admin_active_events('', 'title', 'asc', 0)`,
      ),
    ).toBe('error 22023');
    expect(
      await outcomeOf(
        db(),
        'admin',
        `select count(*)::int as n from public.admin_active_events('', 'title', 'asc', 25, -1)`,
      ),
    ).toBe('error 22023');
    // The shared check's words (migration 20261128700001), the search's limit among them.
    const message = async (sql: string) => {
      try {
        await runAs(db(), 'admin', (tx) => tx.query(sql));
        return 'no error';
      } catch (error) {
        return `${(error as { code?: string }).code}: ${(error as Error).message}`;
      }
    };
    expect(await message(`select * from public.admin_active_events('', 'title', 'asc', 1001)`)).toBe(
      '22023: A page holds 1 to 1,000 rows from an offset of 0 or more.',
    );
    expect(await message(`select * from public.admin_active_events(repeat('a', 201))`)).toBe(
      '22023: A search is at most 200 characters.',
    );
  });

  it('gives the manifest with ages on the first day, by name, without cancelled bookings', async () => {
    const result = await manifest(E.percent);
    expect(result?.event).toMatchObject({ id: E.percent, places_sold: 4, travellers_named: 3 });
    expect(result?.travellers.map((t) => [t.full_name, t.age_on_departure, t.dietary_notes])).toEqual([
      ['Bea Birthday', 30, 'Vegetarian'],
      ['Ned Nextday', 29, null],
      ['Uma Unknown', null, null],
    ]);
    expect(result?.travellers[0]?.booked_by_email).toBe('member@fixture.test');
  });

  it('answers null for an event that does not exist and an empty list for one without travellers', async () => {
    expect(await manifest('f2000000-0000-4000-8000-0000000004ff')).toBeNull();
    expect((await manifest(E.in60))?.travellers).toEqual([]);
  });

  it('refuses members, even for their own booking', async () => {
    const sql = `select cardinality(travellers) as n from public.admin_event_manifest('${E.percent}')`;
    expect(await outcomeOf(db(), 'member', sql)).toBe('refused');
    expect(
      await outcomeOf(db(), 'member', `select count(*)::int as n from public.admin_active_events()`),
    ).toBe('refused');
  });
});
