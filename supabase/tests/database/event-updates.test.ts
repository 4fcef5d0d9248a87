import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Who reads an event's updates beyond the matrix: a follow alone, a booking alone, and a cancelled booking
// (which does not count). From the fixtures: the member follows and booked the published trip; here the
// other member's booking of it is cancelled and their follow removed, the member follows the second trip
// without booking it, and the second trip gets an update of its own.
const UPDATE_SECOND = 'fe000000-0000-4000-8000-0000000000a1';

describe.each(DATABASE_KINDS)('event updates on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;
  const visible = (actor: 'member' | 'other' | 'admin') =>
    runAs(db(), actor, async (tx) => {
      const { rows } = await tx.query<{ id: string }>('select id from public.event_updates order by id');
      return rows.map((row) => row.id);
    });

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await db().exec(`
      update public.bookings set status = 'cancelled' where id = '${ID.bookingOther}';
      delete from public.event_follows where id = '${ID.followOther}';
      insert into public.event_follows (user_id, event_id) values ('${ID.member}', '${ID.published2}');
      insert into public.event_updates (id, event_id, title, body) values
        ('${UPDATE_SECOND}', '${ID.published2}', 'Second news', 'Hello');
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('shows a member the updates of events they follow (no booking) or booked', async () => {
    expect(await visible('member')).toEqual(
      [ID.updatePublished, ID.updatePublishedOlder, UPDATE_SECOND].sort(),
    );
  });

  it('shows nothing for a cancelled booking without a follow', async () => {
    expect(await visible('other')).toEqual([]);
    // Nor can that member mark one read.
    expect(
      await outcomeOf(
        db(),
        'other',
        `insert into public.event_update_reads (update_id) values ('${ID.updatePublishedOlder}')`,
      ),
    ).toBe('rls');
  });

  it("stops showing an event's updates once the member unfollows and holds no booking", async () => {
    const after = await runAs(db(), 'member', async (tx) => {
      await tx.query(`delete from public.event_follows where user_id = $1 and event_id = $2`, [
        ID.member,
        ID.published2,
      ]);
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.event_updates where id = $1`,
        [UPDATE_SECOND],
      );
      return rows[0]?.n;
    });
    expect(after).toBe(0);
  });

  it("keeps the author as the admin who posted it and a member's read marker as their own", async () => {
    const author = await runAs(db(), 'admin', async (tx) => {
      const { rows } = await tx.query<{ created_by: string }>(
        `insert into public.event_updates (event_id, title, body) values ($1, 'Posted', 'Body') returning created_by`,
        [ID.published],
      );
      return rows[0]?.created_by;
    });
    expect(author).toBe(ID.admin);
    const reader = await runAs(db(), 'member', async (tx) => {
      const { rows } = await tx.query<{ user_id: string }>(
        `insert into public.event_update_reads (update_id) values ($1) returning user_id`,
        [ID.updatePublishedOlder],
      );
      return rows[0]?.user_id;
    });
    expect(reader).toBe(ID.member);
  });

  it('removes the read markers with their update', async () => {
    const left = await runAs(db(), 'admin', async (tx) => {
      await tx.query(`delete from public.event_updates where id = $1`, [ID.updatePublished]);
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.event_update_reads where update_id = $1`,
        [ID.updatePublished],
      );
      return rows[0]?.n;
    });
    expect(left).toBe(0);
  });
});
