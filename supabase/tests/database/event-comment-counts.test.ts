import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import type { Queryable } from '../../local/src/db/types.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// public.event_comment_counts (20261205004001, decision 0070): each event's live comments, kept by triggers on
// comments, must always equal a real count, whatever posts, soft-deletes, restores, deletes and moves happen,
// and however many of them at once. On PostgreSQL the racing transactions run on the pool's connections at the
// same time (the event's counter row is what queues them); PGlite has one connection and runs them in turn.

/** The counter and a real count of live comments, for each of these events. */
async function countsOf(db: Queryable, events: string[]) {
  const { rows } = await db.query<{ event_id: string; kept: number | null; real: number }>(
    `select e.id as event_id, n.comments as kept,
            (select count(*)::int from public.comments c where c.event_id = e.id and not c.is_deleted) as real
     from public.events e left join public.event_comment_counts n on n.event_id = e.id
     where e.id = any($1::uuid[]) order by e.id`,
    [events],
  );
  return rows.map((row) => ({ event_id: row.event_id, kept: row.kept ?? 0, real: row.real }));
}

const agreeing = (rows: { event_id: string; kept: number; real: number }[]) =>
  rows.map((row) => ({ event_id: row.event_id, kept: row.real, real: row.real }));

describe.each(DATABASE_KINDS)('event comment counts on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('counts the fixtures’ live comments, not the soft-deleted one', async () => {
    expect(await countsOf(testDb.db, [ID.published, ID.published2, ID.draft])).toEqual([
      { event_id: ID.published, kept: 2, real: 2 },
      { event_id: ID.published2, kept: 0, real: 0 },
      { event_id: ID.draft, kept: 1, real: 1 },
    ]);
  });

  it('follows a member posting and soft-deleting, an admin hiding and restoring, a delete and a move', async () => {
    const after = await runAs(testDb.db, 'member', async (tx) => {
      const steps: number[] = [];
      const kept = async () =>
        (await countsOf(tx, [ID.published]))[0]!.kept + (await countsOf(tx, [ID.published2]))[0]!.kept * 100;
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.comments (event_id, content) values ($1, 'New') returning id`,
        [ID.published],
      );
      steps.push(await kept());
      await tx.query(`update public.comments set is_deleted = true where id = $1`, [rows[0]!.id]);
      steps.push(await kept());
      // Editing a live comment changes nothing.
      await tx.query(`update public.comments set content = 'Edited' where id = $1`, [ID.commentMember]);
      steps.push(await kept());
      return steps;
    });
    expect(after).toEqual([3, 2, 2]);
    // An admin's and an operator's changes, rolled back.
    const operator = await testDb.db
      .transaction(async (tx) => {
        const steps: Awaited<ReturnType<typeof countsOf>>[] = [];
        await tx.query(`update public.comments set is_deleted = true where id = $1`, [ID.commentOther]);
        steps.push(await countsOf(tx, [ID.published]));
        await tx.query(`update public.comments set is_deleted = false where id = $1`, [ID.commentOther]);
        steps.push(await countsOf(tx, [ID.published]));
        await tx.query(`update public.comments set event_id = $2 where id = $1`, [
          ID.commentOther,
          ID.published2,
        ]);
        steps.push(await countsOf(tx, [ID.published, ID.published2]));
        await tx.query(`delete from public.comments where id = $1`, [ID.commentOther]);
        steps.push(await countsOf(tx, [ID.published2]));
        throw Object.assign(new Error('roll back'), { steps });
      })
      .catch((error: { steps?: unknown }) => error.steps);
    expect(operator).toEqual([
      [{ event_id: ID.published, kept: 1, real: 1 }],
      [{ event_id: ID.published, kept: 2, real: 2 }],
      [
        { event_id: ID.published, kept: 1, real: 1 },
        { event_id: ID.published2, kept: 1, real: 1 },
      ],
      [{ event_id: ID.published2, kept: 0, real: 0 }],
    ]);
    expect(await countsOf(testDb.db, [ID.published, ID.published2])).toEqual([
      { event_id: ID.published, kept: 2, real: 2 },
      { event_id: ID.published2, kept: 0, real: 0 },
    ]);
  });

  it('stays exact under racing posts, soft-deletes, restores and deletes on the same events', async () => {
    const { rows: made } = await testDb.db.query<{ id: string }>(
      `insert into public.events (slug, title, status, start_date, end_date, price_cents)
       select 'count-race-' || n, 'Race ' || n, 'published', '2027-06-01', '2027-06-02', 100
       from generate_series(1, 2) n returning id`,
    );
    const events = made.map((row) => row.id);
    const { rows: seeded } = await testDb.db.query<{ id: string }>(
      `insert into public.comments (event_id, user_id, content)
       select ($1::uuid[])[1 + n % 2], $2, 'Seed ' || n from generate_series(1, 40) n returning id`,
      [events, ID.member],
    );
    const comment = (n: number) => seeded[n % seeded.length]!.id;
    // Each racer does two things in one transaction, with a pause between them so that they overlap; several
    // racers act on the same comments (a toggle after a delete finds nothing, a delete after a toggle waits).
    const racer = (n: number) =>
      testDb.db.transaction(async (tx) => {
        const act = async (step: number) => {
          const kind = (n + step) % 4;
          if (kind === 0)
            await tx.query(
              `insert into public.comments (event_id, user_id, content) values ($1, $2, 'Race')`,
              [events[(n + step) % 2], ID.other],
            );
          else if (kind === 1 || kind === 2)
            await tx.query(`update public.comments set is_deleted = not is_deleted where id = $1`, [
              comment(n * 3 + step),
            ]);
          else await tx.query(`delete from public.comments where id = $1`, [comment(n * 7 + step)]);
        };
        await act(0);
        await tx.query(`select pg_sleep(0.002 * ($1::int % 5))`, [n]);
        await act(1);
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 80 }, (_, n) => racer(n)));
    // A deadlock between two racers is PostgreSQL's answer to some orders; the survivors must still agree.
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect((outcome.reason as { code?: string }).code).toBe('40P01');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThan(40);
    const counts = await countsOf(testDb.db, events);
    expect(counts).toEqual(agreeing(counts));
    expect(counts.reduce((sum, row) => sum + row.real, 0)).toBeGreaterThan(0);
    // A deleted event takes its comments and its counter with it (the cascade's deletes change nothing).
    await testDb.db.query(`delete from public.events where id = $1`, [events[0]]);
    const { rows: left } = await testDb.db.query(
      `select event_id from public.event_comment_counts where event_id = any($1::uuid[])`,
      [events],
    );
    expect(left).toEqual([{ event_id: events[1] }]);
  });
});
