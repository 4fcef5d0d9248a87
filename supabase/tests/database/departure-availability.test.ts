import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 20, decision 0067 (migration 20261130100001). What a static trip page's island reads when it is shown:
// public.departure_availability gives each departure's live state and places left to anyone, visitors
// included, without showing them a single booking; drafts give nothing. Dates are relative to Sydney's today.

const OPEN = 'f2000000-0000-4000-8000-0000000000b1';
const SOLD_OUT = 'f2000000-0000-4000-8000-0000000000b2';
const OPENS_LATER = 'f2000000-0000-4000-8000-0000000000b3';
const CLOSED = 'f2000000-0000-4000-8000-0000000000b4';
const TODAY = 'f2000000-0000-4000-8000-0000000000b5';
const PAST = 'f2000000-0000-4000-8000-0000000000b6';
const CANCELLED = 'f2000000-0000-4000-8000-0000000000b7';
const UNLIMITED = 'f2000000-0000-4000-8000-0000000000b8';
const ALL = [OPEN, SOLD_OUT, OPENS_LATER, CLOSED, TODAY, PAST, CANCELLED, UNLIMITED];

describe.each(DATABASE_KINDS)('departure availability on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await testDb.db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date, max_registrations,
                                 bookings_open_on, bookings_close_on) values
        ('${OPEN}', 'avail-open', 'Open', 'published', private.sydney_today() + 30, private.sydney_today() + 32, 10, null, null),
        ('${SOLD_OUT}', 'avail-sold-out', 'Sold out', 'published', private.sydney_today() + 30, private.sydney_today() + 32, 3, null, null),
        ('${OPENS_LATER}', 'avail-opens', 'Opens later', 'published', private.sydney_today() + 90, private.sydney_today() + 92, 10, private.sydney_today() + 5, null),
        ('${CLOSED}', 'avail-closed', 'Closed', 'published', private.sydney_today() + 10, private.sydney_today() + 12, 10, null, private.sydney_today() - 1),
        ('${TODAY}', 'avail-today', 'Departs today', 'published', private.sydney_today(), private.sydney_today() + 2, 10, null, null),
        ('${PAST}', 'avail-past', 'Past', 'published', private.sydney_today() - 5, private.sydney_today() + 2, 10, null, null),
        ('${CANCELLED}', 'avail-cancelled', 'Cancelled', 'cancelled', private.sydney_today() + 30, private.sydney_today() + 32, 10, null, null),
        ('${UNLIMITED}', 'avail-unlimited', 'Unlimited', 'published', private.sydney_today() + 30, private.sydney_today() + 32, null, null, null);
      insert into public.bookings (event_id, user_id, invoice_number, travellers, total_cents, deposit_cents, status) values
        ('${OPEN}', '${ID.member}', 'AV-1', 2, 0, 0, 'confirmed'),
        ('${OPEN}', '${ID.other}', 'AV-2', 1, 0, 0, 'pending'),
        ('${OPEN}', '${ID.other}', 'AV-3', 4, 0, 0, 'cancelled'),
        ('${SOLD_OUT}', '${ID.member}', 'AV-4', 3, 0, 0, 'confirmed');
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const availability = (actor: 'visitor' | 'member' | 'admin', ids: string[]) =>
    runAs(testDb.db, actor, async (tx) => {
      const { rows } = await tx.query<{
        event_id: string;
        state: string;
        places_left: number | null;
        opens_on: string | null;
      }>(
        `select event_id, state, places_left, opens_on::text from public.departure_availability($1::uuid[])`,
        [ids],
      );
      return Object.fromEntries(
        rows.map((row) => [row.event_id, [row.state, row.places_left, row.opens_on]]),
      );
    });

  it('gives a visitor each departure’s state and places left, counting bookings that are not cancelled', async () => {
    const opensOn = await runAs(testDb.db, 'visitor', async (tx) => {
      const { rows } = await tx.query<{ day: string }>(`select (private.sydney_today() + 5)::text as day`);
      return rows[0]?.day;
    });
    expect(await availability('visitor', [...ALL, ID.published])).toEqual({
      [OPEN]: ['open', 7, null],
      [SOLD_OUT]: ['sold-out', 0, null],
      [OPENS_LATER]: ['opens', 10, opensOn],
      [CLOSED]: ['closed', 10, null],
      [TODAY]: ['closed', 10, null],
      [PAST]: ['past', 10, null],
      [CANCELLED]: ['cancelled', 10, null],
      [UNLIMITED]: ['open', null, null],
      [ID.published]: expect.any(Array),
    });
  });

  it('says nothing of drafts or unknown ids, to anyone but through the table', async () => {
    const unknown = 'f2000000-0000-4000-8000-0000000000bf';
    for (const actor of ['visitor', 'member', 'admin'] as const) {
      expect(await availability(actor, [ID.draft, unknown])).toEqual({});
    }
  });

  it('changes with the bookings and the capacity, at once', async () => {
    const states = await runAs(testDb.db, 'admin', async (tx) => {
      await tx.query(`update public.events set max_registrations = 4 where id = $1`, [OPEN]);
      const full = await tx.query<{ state: string }>(
        `select state from public.departure_availability(array[$1::uuid])`,
        [OPEN],
      );
      await tx.query(`update public.bookings set status = 'cancelled' where invoice_number = 'AV-4'`);
      const freed = await tx.query<{ state: string; places_left: number }>(
        `select state, places_left from public.departure_availability(array[$1::uuid])`,
        [SOLD_OUT],
      );
      return [full.rows[0]?.state, freed.rows[0]];
    });
    expect(states).toEqual(['open', { state: 'open', places_left: 3 }]);
  });

  it('lets no visitor read the bookings it counts', async () => {
    expect(await outcomeOf(testDb.db, 'visitor', `select count(*) as n from public.bookings`)).toBe('denied');
    expect(await outcomeOf(testDb.db, 'visitor', `select private.places_taken('${OPEN}') as n`)).toBe(
      'denied',
    );
  });

  it('answers for the first 100 departures of a call only', async () => {
    const unknown = Array.from(
      { length: 100 },
      (_, n) => `f2ffffff-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    const many = [...unknown, OPEN];
    const rows = await runAs(testDb.db, 'visitor', async (tx) => {
      const result = await tx.query(`select * from public.departure_availability($1::uuid[])`, [many]);
      return result.rows.length;
    });
    expect(rows).toBe(0);
  });
});
