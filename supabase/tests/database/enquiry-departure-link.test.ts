import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// An enquiry sent from a trip page names the trip, not an event (20261126600002): the database links it to
// the trip's next published departure still to end, matched by title whatever the letter case.
const PAST = 'f2700000-0000-4000-8000-000000000001';
const NEXT = 'f2700000-0000-4000-8000-000000000002';
const LATER = 'f2700000-0000-4000-8000-000000000003';
const DRAFT = 'f2700000-0000-4000-8000-000000000004';
const OTHER = 'f2700000-0000-4000-8000-000000000005';

describe.each(DATABASE_KINDS)('enquiries linked to departures on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    const today = `(now() at time zone 'Australia/Sydney')::date`;
    await testDb.db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date) values
        ('${PAST}', 'link-past', 'Linked Trip', 'published', ${today} - 10, ${today} - 8),
        ('${DRAFT}', 'link-draft', 'Linked Trip', 'draft', ${today} + 5, ${today} + 6),
        ('${LATER}', 'link-later', 'Linked Trip', 'published', ${today} + 90, ${today} + 92),
        ('${NEXT}', 'link-next', 'Linked Trip', 'published', ${today} + 30, ${today} + 32),
        ('${OTHER}', 'link-other', 'Another Trip', 'published', ${today} + 20, ${today} + 21);
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const eventIdOf = (sql: string, params: unknown[]) =>
    runAs(testDb.db, 'visitor', async (tx) => {
      await tx.query(sql, params);
      // Visitors may not read entries back: look as the table's owner would, inside the same transaction.
      await tx.query('reset role');
      const { rows } = await tx.query<{ event_id: string | null }>(
        'select event_id from public.waitlist_submissions where email = $1 union all ' +
          'select event_id from public.interest_registrations where email = $1',
        [params[1]],
      );
      return rows.map((row) => row.event_id);
    });

  it("links a waitlist entry sent with the trip's name to its next departure, not a past one or a draft", async () => {
    const ids = await eventIdOf(
      `select public.join_waitlist(event_name => $1, full_name => 'Lin', email => $2)`,
      ['linked trip ', 'lin@example.com'],
    );
    expect(ids).toEqual([NEXT]);
  });

  it('links an interest registration the same way', async () => {
    const ids = await eventIdOf(
      `select public.register_interest(event_name => $1, full_name => 'Ivy', email => $2)`,
      ['Linked Trip', 'ivy@example.com'],
    );
    expect(ids).toEqual([NEXT]);
  });

  it('keeps an event id that was sent, and leaves a trip with no departure unlinked', async () => {
    expect(
      await eventIdOf(
        `select public.join_waitlist(event_name => $1, full_name => 'Kit', email => $2, event_id => '${LATER}')`,
        ['Linked Trip', 'kit@example.com'],
      ),
    ).toEqual([LATER]);
    expect(
      await eventIdOf(`select public.join_waitlist(event_name => $1, full_name => 'Nel', email => $2)`, [
        'A trip nobody runs',
        'nel@example.com',
      ]),
    ).toEqual([null]);
  });
});
